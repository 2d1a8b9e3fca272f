// Catalog rules on one enrolment aggregate: is the learner enrolled, or is the course offered to join?
import { ActivityState, type EnrollmentAggregate } from '@portal/contracts';

type CatalogAggregate = Pick<
  EnrollmentAggregate,
  'isMandatory' | 'showInCatalog' | 'objectiveWorkflowAggregate'
> & {
  objective: { activity: Pick<EnrollmentAggregate['objective']['activity'], 'state'> };
};

/** The row-level twin of `enrolledRule`: self-enrolled, mandatory, or with an attempt or a result. */
export function isEnrolled(aggregate: CatalogAggregate): boolean {
  const { isSelfEnrolled, lastObjectiveWorkflow, lastObjectiveRecord } =
    aggregate.objectiveWorkflowAggregate;
  return (
    isSelfEnrolled ||
    aggregate.isMandatory ||
    lastObjectiveWorkflow !== null ||
    lastObjectiveRecord !== null
  );
}

/**
 * What the catalog page of a course offers: "enrolled" (already among the learner's courses), "offered"
 * (in the catalog and not taken up: it can be added) or "unavailable" (no row, archived, or not in the catalog).
 */
export type CatalogCourseState = 'enrolled' | 'offered' | 'unavailable';

export function catalogCourseState(aggregate: CatalogAggregate | null): CatalogCourseState {
  if (aggregate === null) return 'unavailable';
  if (aggregate.objective.activity.state === ActivityState.archived) return 'unavailable';
  if (isEnrolled(aggregate)) return 'enrolled';
  return aggregate.showInCatalog ? 'offered' : 'unavailable';
}
