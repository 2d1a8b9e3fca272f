// Showcase (collection) queries shared by My Courses, the catalog and the open catalog.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A query selecting the ids (column `id`) of the objectives a list shows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source tables, one `id` column out
export type ObjectiveIdQuery = SelectQueryBuilder<Database, any, { id: string }>;

/** Showcases of the given objectives, in showcase order (for the `objective.showcases` of a page). */
export async function findShowcasesOfObjectives(
  db: Kysely<Database>,
  tenantId: string,
  objectiveIds: string[],
) {
  if (objectiveIds.length === 0) return [];
  return db
    .selectFrom('showcaseObjectives as so')
    .innerJoin('showcases as s', 's.id', 'so.showcaseId')
    .select(['so.objectiveId', 's.id', 's.name'])
    .where('so.objectiveId', 'in', objectiveIds)
    .where('s.tenantId', '=', tenantId)
    .orderBy('s.order')
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** Showcases holding at least one of the listed objectives, each with how many of them it holds. */
export async function findShowcasesWithCounts(
  db: Kysely<Database>,
  tenantId: string,
  objectiveIds: ObjectiveIdQuery,
) {
  return db
    .selectFrom('showcaseObjectives as so')
    .innerJoin('showcases as s', 's.id', 'so.showcaseId')
    .where('s.tenantId', '=', tenantId)
    .where('so.objectiveId', 'in', objectiveIds)
    .select((eb) => [
      's.id',
      's.name',
      's.code',
      's.description',
      's.order',
      eb.fn.countAll<number>().as('objectivesCount'),
    ])
    .groupBy(['s.id', 's.name', 's.code', 's.description', 's.order'])
    .orderBy('s.order')
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** How many of the listed objectives are in no showcase (the synthetic "Uncategorized" collection). */
export async function countObjectivesWithoutShowcase(
  db: Kysely<Database>,
  objectiveIds: ObjectiveIdQuery,
): Promise<number> {
  const row = await db
    .selectFrom(objectiveIds.as('listed'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('showcaseObjectives as so')
            .select('so.showcaseId')
            .whereRef('so.objectiveId', '=', 'listed.id'),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
