// Every activity part below some root activities with its constraints, level by level (archived ones left out):
// what the calendar's events and the dashboard's tasks are computed from.
import type { Kysely } from 'kysely';
import { ActivityState } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';

const MAX_TREE_DEPTH = 16;

export async function findConstrainedActivityParts(
  db: Kysely<Database>,
  rootActivityIds: string[],
) {
  const parts = [];
  let level = [...new Set(rootActivityIds)];
  const seen = new Set(level);
  for (let depth = 0; depth < MAX_TREE_DEPTH && level.length > 0; depth += 1) {
    const found = await db
      .selectFrom('activityParts as p')
      .innerJoin('activities as a', 'a.id', 'p.childActivityId')
      .select([
        'p.id',
        'p.parentActivityId',
        'p.childActivityId',
        'p.optional',
        'a.name as activityName',
        'p.startFrom',
        'p.startUntil',
        'p.due',
        'p.accessibleUntil',
        'p.gracePeriodUntil',
      ])
      .where('p.parentActivityId', 'in', level)
      .where('a.state', '<>', ActivityState.archived)
      .orderBy('p.order')
      .orderBy('p.id')
      .execute();
    parts.push(...found);
    level = [...new Set(found.map((part) => part.childActivityId))].filter((id) => !seen.has(id));
    level.forEach((id) => seen.add(id));
  }
  return parts;
}
