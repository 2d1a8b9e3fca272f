// Availability window of an enrolment: whether the course can be started now, and which message says why not.
import { hasPassed, isAhead } from './dates.ts';

export interface AvailabilityInput {
  /** ISO-8601; before it the course cannot be started. */
  availabilityDate: string | null;
  /** ISO-8601; from it on a new attempt cannot be started. */
  availabilityEndDate: string | null;
  /** The learner already has an objective workflow (an attempt) for this enrolment. */
  hasWorkflow: boolean;
  /** The enrolment allows starting again after a finished attempt. */
  retake: boolean;
}

export type AvailabilityState =
  /** Nothing in the window stops a start (other rules, such as retake, may still apply). */
  | { kind: 'open' }
  /** "Will be available to start on {{date}}". */
  | { kind: 'notYetAvailable'; date: string }
  /** "Was available to start before {{date}}"; review of an earlier attempt stays allowed. */
  | { kind: 'closed'; date: string };

/**
 * Where `now` lies in the enrolment's availability window (spec 4, Availability). Before availabilityDate the
 * course is not yet available. From availabilityEndDate on it is closed when a start would otherwise be possible
 * (no workflow yet, or retake allowed); a learner with an attempt and no retake is never offered a start, so the
 * closed message would tell them nothing and the state stays open. Unreadable dates are ignored.
 */
export function availabilityState(input: AvailabilityInput, now: Date): AvailabilityState {
  if (input.availabilityDate !== null && isAhead(input.availabilityDate, now)) {
    return { kind: 'notYetAvailable', date: input.availabilityDate };
  }
  if (
    input.availabilityEndDate !== null &&
    hasPassed(input.availabilityEndDate, now) &&
    (!input.hasWorkflow || input.retake)
  ) {
    return { kind: 'closed', date: input.availabilityEndDate };
  }
  return { kind: 'open' };
}

/** Shorthand: true when the window lets a new attempt start now. */
export function isWithinAvailability(input: AvailabilityInput, now: Date): boolean {
  return availabilityState(input, now).kind === 'open';
}
