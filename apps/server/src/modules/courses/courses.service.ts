// Use cases of the course lists: always scoped to the signed-in caller and their tenant.
import type {
  EnrollmentAggregate,
  GradingScale,
  ListEnvelope,
  Showcase,
  Term,
} from '@portal/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../http/principal.ts';
import {
  filterCondition,
  listEnvelope,
  parseLoadOptions,
  projectItems,
} from '../../lib/list-query/load-options.ts';
import type { CoursesRepository } from './courses.repository.ts';
import {
  enrollmentAggregateDefaultSort,
  enrollmentAggregateFields,
  gradingScaleDefaultSort,
  gradingScaleFields,
} from './courses.fields.ts';
import { toEnrollmentAggregate, toGradingScale, toTerm } from './courses.mapper.ts';
import { withUncategorized } from '../showcases/showcases.mapper.ts';

export interface CoursesServiceDependencies {
  coursesRepository: CoursesRepository;
  clock: Clock;
}

export type CoursesService = ReturnType<typeof createCoursesService>;

export function createCoursesService({ coursesRepository, clock }: CoursesServiceDependencies) {
  return {
    /** `objective-workflow-aggregates/query`: the caller's enrolled and catalog courses, one page. */
    async listEnrollmentAggregates(
      principal: Principal,
      query: unknown,
    ): Promise<ListEnvelope<unknown>> {
      const options = parseLoadOptions(query, {
        fields: enrollmentAggregateFields,
        defaultSort: enrollmentAggregateDefaultSort,
      });
      const where = filterCondition(options);
      // The client builds its term filter from the distinct term ids of its courses.
      if (options.select?.length === 1 && options.select[0] === 'termId') {
        const [rows, totalCount] = await Promise.all([
          coursesRepository.findDistinctTermIds(principal, where, options.skip, options.take),
          options.requireTotalCount
            ? coursesRepository.countDistinctTermIds(principal, where)
            : undefined,
        ]);
        return listEnvelope(rows, totalCount);
      }
      const [rows, totalCount] = await Promise.all([
        coursesRepository.findEnrollmentAggregates(principal, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount
          ? coursesRepository.countEnrollmentAggregates(principal, where)
          : undefined,
      ]);
      const showcases = await coursesRepository.findShowcasesOfObjectives(principal.tenantId, [
        ...new Set(rows.map((row) => row.objectiveId)),
      ]);
      const now = clock.now();
      const items: EnrollmentAggregate[] = rows.map((row) =>
        toEnrollmentAggregate(
          row,
          showcases
            .filter((showcase) => showcase.objectiveId === row.objectiveId)
            .map(({ id, name }) => ({ id, name })),
          now,
        ),
      );
      return listEnvelope(options.select ? projectItems(items, options.select) : items, totalCount);
    },

    async listTerms(principal: Principal): Promise<Term[]> {
      return (await coursesRepository.findTermsOfCaller(principal)).map(toTerm);
    },

    /** Showcases of the enrolled courses, then "Uncategorized" when some enrolled course has none. */
    async listEnrolledShowcases(principal: Principal): Promise<Showcase[]> {
      const [rows, withoutShowcase] = await Promise.all([
        coursesRepository.findEnrolledShowcases(principal),
        coursesRepository.countEnrolledWithoutShowcase(principal),
      ]);
      return withUncategorized(rows, withoutShowcase);
    },

    async listGradingScales(
      principal: Principal,
      query: unknown,
    ): Promise<ListEnvelope<GradingScale>> {
      const options = parseLoadOptions(query, {
        fields: gradingScaleFields,
        defaultSort: gradingScaleDefaultSort,
      });
      const where = filterCondition(options);
      const [rows, totalCount] = await Promise.all([
        coursesRepository.findGradingScales(principal.tenantId, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount
          ? coursesRepository.countGradingScales(principal.tenantId, where)
          : undefined,
      ]);
      const grades = await coursesRepository.findGrades(rows.map((row) => row.id));
      return listEnvelope(
        rows.map((row) =>
          toGradingScale(
            row,
            grades.filter((grade) => grade.gradingScaleId === row.id),
          ),
        ),
        totalCount,
      );
    },
  };
}
