// Domain errors thrown by services; the error handler maps them to HTTP (DESIGN.md §5). A message the
// learner reads is a LocalizedText, translated into the caller's language when it is answered.
import { localize, type LocalizedText } from '../i18n/server-i18n.ts';

export type ErrorMessage = string | LocalizedText;

export class DomainError extends Error {
  /** The message as a catalogue key, when the learner reads it. */
  readonly localized: LocalizedText | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: ErrorMessage,
    readonly errors?: Record<string, string[]>,
  ) {
    super(typeof message === 'string' ? message : localize('en-US', message));
    this.localized = typeof message === 'string' ? undefined : message;
  }
}

export class BadRequestError extends DomainError {
  constructor(code: string, message: ErrorMessage, errors?: Record<string, string[]>) {
    super(400, code, message, errors);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign-in is required.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(
    code = 'forbidden',
    message: ErrorMessage = 'You do not have permission to do this.',
  ) {
    super(403, code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(
    code = 'not_found',
    message: ErrorMessage = 'The requested resource does not exist.',
  ) {
    super(404, code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: ErrorMessage) {
    super(409, code, message);
  }
}
