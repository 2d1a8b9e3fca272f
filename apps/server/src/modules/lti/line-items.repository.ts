// SQL of AGS: a tool's line items in a context (paged by keyset on created, id), their results, and the
// resource links they may be bound to.
import type { Kysely, Selectable } from 'kysely';
import type { Database, LtiLineItemsTable } from '../../db/schema.ts';

export type LineItemRow = Selectable<LtiLineItemsTable>;

export interface LineItemFilter {
  resourceLinkId?: string;
  resourceId?: string;
  tag?: string;
}

/** Where a page starts: after this line item in (created, id) order. */
export interface LineItemCursor {
  created: string;
  id: string;
}

export interface LineItemValues {
  label: string;
  scoreMaximum: number;
  resourceLinkId: string | null;
  resourceId: string | null;
  tag: string | null;
  startDateTime: string | null;
  endDateTime: string | null;
}

export interface ResultRow {
  id: string;
  userId: string;
  sub: string;
  scoreGiven: number | null;
  scoreMaximum: number | null;
  gradingProgress: string;
  comment: string | null;
}

export function createLineItemsRepository(db: Kysely<Database>) {
  return {
    /** True when the tool has a resource link in the course: only then is the course its context. */
    async isToolContext(toolId: string, objectiveId: string): Promise<boolean> {
      const row = await db
        .selectFrom('ltiResourceLinks')
        .select('id')
        .where('toolId', '=', toolId)
        .where('objectiveId', '=', objectiveId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findResourceLink(toolId: string, objectiveId: string, resourceLinkId: string) {
      return db
        .selectFrom('ltiResourceLinks')
        .selectAll()
        .where('id', '=', resourceLinkId)
        .where('toolId', '=', toolId)
        .where('objectiveId', '=', objectiveId)
        .executeTakeFirst();
    },

    /** One page (plus one row, to tell whether a next page exists) in (created, id) order. */
    async list(
      toolId: string,
      objectiveId: string,
      filter: LineItemFilter,
      limit: number,
      after: LineItemCursor | null,
    ): Promise<LineItemRow[]> {
      return db
        .selectFrom('ltiLineItems')
        .selectAll()
        .where('toolId', '=', toolId)
        .where('objectiveId', '=', objectiveId)
        .$if(filter.resourceLinkId !== undefined, (qb) =>
          qb.where('resourceLinkId', '=', filter.resourceLinkId!),
        )
        .$if(filter.resourceId !== undefined, (qb) =>
          qb.where('resourceId', '=', filter.resourceId!),
        )
        .$if(filter.tag !== undefined, (qb) => qb.where('tag', '=', filter.tag!))
        .$if(after !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('created', '>', after!.created),
              eb.and([eb('created', '=', after!.created), eb('id', '>', after!.id)]),
            ]),
          ),
        )
        .orderBy('created')
        .orderBy('id')
        .limit(limit + 1)
        .execute();
    },

    async find(id: string): Promise<LineItemRow | undefined> {
      return db.selectFrom('ltiLineItems').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(row: LineItemRow): Promise<void> {
      await db.insertInto('ltiLineItems').values(row).execute();
    },

    async update(id: string, values: LineItemValues): Promise<void> {
      await db.updateTable('ltiLineItems').set(values).where('id', '=', id).execute();
    },

    /** Deletes the line item and its results. */
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('ltiResults').where('lineItemId', '=', id).execute();
        await tx.deleteFrom('ltiLineItems').where('id', '=', id).execute();
      });
    },

    /**
     * One page of results (plus one row) in id order, with the user's subject for the tool (a user the tool
     * never knew by a subject has no result it can see).
     */
    async listResults(
      lineItem: Pick<LineItemRow, 'id' | 'toolId'>,
      userId: string | null,
      limit: number,
      afterId: string | null,
    ): Promise<ResultRow[]> {
      return db
        .selectFrom('ltiResults as r')
        .innerJoin('ltiSubjects as s', (join) =>
          join.onRef('s.userId', '=', 'r.userId').on('s.toolId', '=', lineItem.toolId),
        )
        .select([
          'r.id',
          'r.userId',
          's.sub',
          'r.scoreGiven',
          'r.scoreMaximum',
          'r.gradingProgress',
          'r.comment',
        ])
        .where('r.lineItemId', '=', lineItem.id)
        .$if(userId !== null, (qb) => qb.where('r.userId', '=', userId!))
        .$if(afterId !== null, (qb) => qb.where('r.id', '>', afterId!))
        .orderBy('r.id')
        .limit(limit + 1)
        .execute();
    },

    /** True when the user is enrolled in the course (has an access row). */
    async isEnrolled(objectiveId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('objectiveAccesses')
        .select('id')
        .where('objectiveId', '=', objectiveId)
        .where('userId', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type LineItemsRepository = ReturnType<typeof createLineItemsRepository>;
