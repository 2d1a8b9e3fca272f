// HTTP edge of Assignment and Grade Services under /api/lti/v1/grading/contexts/{objectiveId}/lineitems:
// bearer token and scope first, then the tool's own context and line items, AGS media types out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AgsMediaType, AgsScope } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../http/errors.ts';
import { requireAccess } from './access-tokens.ts';
import { createAgsService, type Page } from './ags.service.ts';
import { GRADING_API } from './lti-urls.ts';
import type { LtiModule } from './lti.module.ts';

/** AGS bodies are small; anything bigger is refused with 413 before it is parsed. */
export const AGS_BODY_LIMIT = 64 * 1024;

const LINE_ITEMS = `${GRADING_API}/contexts/:contextId/lineitems`;
const LINE_ITEM = `${LINE_ITEMS}/:lineItemId`;
const READ_LINE_ITEMS = [AgsScope.lineItem, AgsScope.lineItemReadOnly];

interface ContextParams {
  contextId: string;
}
interface LineItemParams extends ContextParams {
  lineItemId: string;
}

/** Refuses a body whose media type is not one of `allowed` (the AGS type or plain JSON). */
function requireMediaType(request: FastifyRequest, allowed: string[]): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!allowed.includes(type))
    throw new DomainError(
      415,
      'unsupported_media_type',
      `The body must be ${allowed.join(' or ')}.`,
    );
}

function sendPage<T>(reply: FastifyReply, mediaType: string, page: Page<T>): T[] {
  if (page.next !== null) reply.header('link', `<${page.next}>; rel="next"`);
  reply.type(mediaType);
  return page.items;
}

export function registerAgsRoutes(app: FastifyInstance, ctx: AppContext, lti: LtiModule): void {
  const ags = createAgsService(ctx, lti);
  const access = (request: FastifyRequest, reply: FastifyReply, scopes: readonly string[]) =>
    requireAccess(ctx.db, request, reply, ctx.clock.now(), scopes);
  const withBody = { bodyLimit: AGS_BODY_LIMIT };

  app.get<{ Params: ContextParams }>(LINE_ITEMS, async (request, reply) => {
    const grant = await access(request, reply, READ_LINE_ITEMS);
    const page = await ags.listLineItems(grant, request.params.contextId, request.query);
    return sendPage(reply, AgsMediaType.lineItemContainer, page);
  });

  app.post<{ Params: ContextParams }>(LINE_ITEMS, withBody, async (request, reply) => {
    const grant = await access(request, reply, [AgsScope.lineItem]);
    requireMediaType(request, [AgsMediaType.lineItem, 'application/json']);
    const item = await ags.createLineItem(grant, request.params.contextId, request.body);
    return reply.status(201).type(AgsMediaType.lineItem).send(item);
  });

  app.get<{ Params: LineItemParams }>(LINE_ITEM, async (request, reply) => {
    const grant = await access(request, reply, READ_LINE_ITEMS);
    const { contextId, lineItemId } = request.params;
    const item = await ags.getLineItem(grant, contextId, lineItemId);
    return reply.type(AgsMediaType.lineItem).send(item);
  });

  app.put<{ Params: LineItemParams }>(LINE_ITEM, withBody, async (request, reply) => {
    const grant = await access(request, reply, [AgsScope.lineItem]);
    requireMediaType(request, [AgsMediaType.lineItem, 'application/json']);
    const { contextId, lineItemId } = request.params;
    const item = await ags.updateLineItem(grant, contextId, lineItemId, request.body);
    return reply.type(AgsMediaType.lineItem).send(item);
  });

  app.delete<{ Params: LineItemParams }>(LINE_ITEM, async (request, reply) => {
    const grant = await access(request, reply, [AgsScope.lineItem]);
    await ags.deleteLineItem(grant, request.params.contextId, request.params.lineItemId);
    return reply.status(204).send();
  });

  app.post<{ Params: LineItemParams }>(`${LINE_ITEM}/scores`, withBody, async (request, reply) => {
    const grant = await access(request, reply, [AgsScope.score]);
    requireMediaType(request, [AgsMediaType.score, 'application/json']);
    const { contextId, lineItemId } = request.params;
    await ags.postScore(grant, contextId, lineItemId, request.body);
    return reply.status(204).send();
  });

  app.get<{ Params: LineItemParams }>(`${LINE_ITEM}/results`, async (request, reply) => {
    const grant = await access(request, reply, [AgsScope.resultReadOnly]);
    const { contextId, lineItemId } = request.params;
    const page = await ags.listResults(grant, contextId, lineItemId, request.query);
    return sendPage(reply, AgsMediaType.resultContainer, page);
  });
}
