// Assignment and Grade Services 2.0 for one tool's token: its line items in a course (the LTI context), the
// scores it posts for enrolled learners, and the results it reads back. Only the tool's own line items.
import { z } from 'zod';
import { agsLineItemInputSchema, agsScoreSchema, type AgsLineItemInput } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
} from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessGrant } from './access-tokens.ts';
import {
  createLineItemsRepository,
  type LineItemCursor,
  type LineItemRow,
  type LineItemValues,
  type ResultRow,
} from './line-items.repository.ts';
import type { LtiModule } from './lti.module.ts';
import { userForSubject } from './subjects.ts';
import { applyToolResult } from './tool-results.ts';

export const MAX_PAGE_SIZE = 100;

export interface AgsLineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceLinkId?: string;
  resourceId?: string;
  tag?: string;
  startDateTime?: string;
  endDateTime?: string;
}

export interface AgsResult {
  id: string;
  scoreOf: string;
  userId: string;
  resultScore?: number;
  resultMaximum?: number;
  comment?: string;
}

export interface Page<T> {
  items: T[];
  /** The URL of the next page, for the Link header; null on the last page. */
  next: string | null;
}

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  page: z.string().min(1).max(1000).optional(),
};
const lineItemsQuerySchema = z.object({
  resource_link_id: z.string().max(255).optional(),
  resource_id: z.string().max(255).optional(),
  tag: z.string().max(255).optional(),
  ...pageQuery,
});
const resultsQuerySchema = z.object({ user_id: z.string().max(255).optional(), ...pageQuery });

const encodeCursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

function decodeCursor(page: string | undefined, length: number): string[] | null {
  if (page === undefined) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (
      Array.isArray(parts) &&
      parts.length === length &&
      parts.every((part) => typeof part === 'string')
    )
      return parts as string[];
  } catch {
    // falls through to the refusal
  }
  throw new BadRequestError('invalid_request', 'The page parameter is not valid.', {
    page: ['Use the URL of the Link header to get the next page.'],
  });
}

function nextUrl(base: string, query: Record<string, string | number | undefined>, page: string) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && name !== 'page') params.set(name, String(value));
  params.set('page', page);
  return `${base}?${params.toString()}`;
}

const unprocessable = (code: string, message: string) => new DomainError(422, code, message);

export function createAgsService(ctx: AppContext, lti: LtiModule) {
  const repository = createLineItemsRepository(ctx.db);

  function toLineItem(row: LineItemRow): AgsLineItem {
    return {
      id: lti.urls.lineItem(row.objectiveId, row.id),
      label: row.label,
      scoreMaximum: row.scoreMaximum,
      ...(row.resourceLinkId !== null ? { resourceLinkId: row.resourceLinkId } : {}),
      ...(row.resourceId !== null ? { resourceId: row.resourceId } : {}),
      ...(row.tag !== null ? { tag: row.tag } : {}),
      ...(row.startDateTime !== null ? { startDateTime: row.startDateTime } : {}),
      ...(row.endDateTime !== null ? { endDateTime: row.endDateTime } : {}),
    };
  }

  function toResult(lineItem: LineItemRow, row: ResultRow): AgsResult {
    const scoreOf = lti.urls.lineItem(lineItem.objectiveId, lineItem.id);
    // Only a fully graded score is a result (Moodle, Canvas): a pending one is not shown as a grade.
    const graded = row.gradingProgress === 'FullyGraded' && row.scoreGiven !== null;
    return {
      id: `${scoreOf}/results/${row.id}`,
      scoreOf,
      userId: row.sub,
      ...(graded ? { resultScore: row.scoreGiven! } : {}),
      ...(graded && row.scoreMaximum !== null ? { resultMaximum: row.scoreMaximum } : {}),
      ...(row.comment !== null ? { comment: row.comment } : {}),
    };
  }

  /** The course is the tool's context only when one of the tool's resource links is in it. */
  async function requireContext(grant: AccessGrant, contextId: string): Promise<void> {
    if (!(await repository.isToolContext(grant.toolId, contextId)))
      throw new NotFoundError('context_not_found', 'The context does not exist for this tool.');
  }

  async function requireLineItem(
    grant: AccessGrant,
    contextId: string,
    lineItemId: string,
  ): Promise<LineItemRow> {
    await requireContext(grant, contextId);
    const row = await repository.find(lineItemId);
    if (!row || row.toolId !== grant.toolId || row.objectiveId !== contextId)
      throw new NotFoundError('line_item_not_found', 'The line item does not exist.');
    return row;
  }

  async function requireLink(grant: AccessGrant, contextId: string, resourceLinkId: string) {
    const link = await repository.findResourceLink(grant.toolId, contextId, resourceLinkId);
    if (!link)
      throw new BadRequestError('invalid_request', 'The resource link is not valid.', {
        resourceLinkId: ['Give one of your resource links in this context.'],
      });
  }

  function valuesOf(input: AgsLineItemInput, resourceLinkId: string | null): LineItemValues {
    return {
      label: input.label,
      scoreMaximum: input.scoreMaximum,
      resourceLinkId,
      resourceId: input.resourceId ?? null,
      tag: input.tag ?? null,
      startDateTime: input.startDateTime ?? null,
      endDateTime: input.endDateTime ?? null,
    };
  }

  return {
    async listLineItems(
      grant: AccessGrant,
      contextId: string,
      rawQuery: unknown,
    ): Promise<Page<AgsLineItem>> {
      await requireContext(grant, contextId);
      const query = lineItemsQuerySchema.parse(rawQuery);
      const cursor = decodeCursor(query.page, 2);
      const after: LineItemCursor | null = cursor ? { created: cursor[0]!, id: cursor[1]! } : null;
      const rows = await repository.list(
        grant.toolId,
        contextId,
        { resourceLinkId: query.resource_link_id, resourceId: query.resource_id, tag: query.tag },
        query.limit,
        after,
      );
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(toLineItem),
        next:
          rows.length > query.limit && last
            ? nextUrl(lti.urls.lineItems(contextId), query, encodeCursor([last.created, last.id]))
            : null,
      };
    },

    async createLineItem(grant: AccessGrant, contextId: string, body: unknown) {
      await requireContext(grant, contextId);
      const input = agsLineItemInputSchema.parse(body);
      if (input.resourceLinkId !== undefined)
        await requireLink(grant, contextId, input.resourceLinkId);
      const row: LineItemRow = {
        id: newId(),
        toolId: grant.toolId,
        objectiveId: contextId,
        ...valuesOf(input, input.resourceLinkId ?? null),
        created: ctx.clock.now().toISOString(),
      };
      await repository.insert(row);
      return toLineItem(row);
    },

    async getLineItem(grant: AccessGrant, contextId: string, lineItemId: string) {
      return toLineItem(await requireLineItem(grant, contextId, lineItemId));
    },

    async updateLineItem(grant: AccessGrant, contextId: string, lineItemId: string, body: unknown) {
      const row = await requireLineItem(grant, contextId, lineItemId);
      const input = agsLineItemInputSchema.parse(body);
      const requested = input.resourceLinkId;
      if (
        row.resourceLinkId !== null &&
        requested !== undefined &&
        requested !== row.resourceLinkId
      )
        throw new BadRequestError('invalid_request', 'The line item keeps its resource link.', {
          resourceLinkId: ['A line item of a resource link cannot move to another link.'],
        });
      if (row.resourceLinkId === null && requested !== undefined)
        await requireLink(grant, contextId, requested);
      const values = valuesOf(input, row.resourceLinkId ?? requested ?? null);
      await repository.update(row.id, values);
      return toLineItem({ ...row, ...values });
    },

    async deleteLineItem(grant: AccessGrant, contextId: string, lineItemId: string) {
      const row = await requireLineItem(grant, contextId, lineItemId);
      if (row.resourceLinkId !== null)
        throw new ForbiddenError(
          'line_item_not_deletable',
          'The line item of a resource link belongs to the platform; only line items the tool created can be deleted.',
        );
      await repository.delete(row.id);
    },

    async postScore(grant: AccessGrant, contextId: string, lineItemId: string, body: unknown) {
      const lineItem = await requireLineItem(grant, contextId, lineItemId);
      const score = agsScoreSchema.parse(body);
      const userId = await userForSubject(ctx.db, grant.toolId, score.userId);
      if (userId === null)
        throw unprocessable('unknown_user', `No user has the id '${score.userId}' for this tool.`);
      if (!(await repository.isEnrolled(contextId, userId)))
        throw unprocessable('user_not_enrolled', 'The user is not enrolled in this context.');
      const outcome = await applyToolResult(ctx, {
        toolId: grant.toolId,
        lineItemId: lineItem.id,
        userId,
        scoreGiven: score.scoreGiven ?? null,
        scoreMaximum: score.scoreMaximum ?? null,
        activityProgress: score.activityProgress,
        gradingProgress: score.gradingProgress,
        comment: score.comment ?? null,
        timestamp: score.timestamp,
      });
      if (outcome.status === 'stale')
        throw new ConflictError(
          'stale_score',
          'A score with the same or a later timestamp is already recorded for this user.',
        );
    },

    async listResults(
      grant: AccessGrant,
      contextId: string,
      lineItemId: string,
      rawQuery: unknown,
    ): Promise<Page<AgsResult>> {
      const lineItem = await requireLineItem(grant, contextId, lineItemId);
      const query = resultsQuerySchema.parse(rawQuery);
      const cursor = decodeCursor(query.page, 1);
      let userId: string | null = null;
      if (query.user_id !== undefined) {
        userId = await userForSubject(ctx.db, grant.toolId, query.user_id);
        if (userId === null) return { items: [], next: null };
      }
      const rows = await repository.listResults(lineItem, userId, query.limit, cursor?.[0] ?? null);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => toResult(lineItem, row)),
        next:
          rows.length > query.limit && last
            ? nextUrl(
                `${lti.urls.lineItem(contextId, lineItem.id)}/results`,
                query,
                encodeCursor([last.id]),
              )
            : null,
      };
    },
  };
}

export type AgsService = ReturnType<typeof createAgsService>;
