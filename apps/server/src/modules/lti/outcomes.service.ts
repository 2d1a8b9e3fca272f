// LTI 1.1 Basic Outcomes: authenticates a tool's signed POX request (OAuth 1.0a with body hash), parses
// it without DTDs or entities, and replaces, reads or deletes the learner's result.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LtiVersion } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { LtiModule } from './lti.module.ts';
import type { LtiToolRecord } from './tools.repository.ts';
import {
  bodyHash,
  parseAuthorizationHeader,
  safeEqual,
  verifySignature,
  type OAuthParam,
} from './oauth1.ts';
import { rememberOnce } from './replay-store.ts';
import { applyToolResult } from './tool-results.ts';

/** The largest accepted POX request. */
export const OUTCOMES_BODY_LIMIT = 64 * 1024;
/** How far an oauth_timestamp may be from the platform's clock. */
export const OAUTH_TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

const POX_NAMESPACE = 'http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0';
const OPERATIONS: readonly string[] = ['replaceResult', 'readResult', 'deleteResult'];

export type CodeMajor = 'success' | 'failure' | 'unsupported';

/** What the tool gets back: the HTTP status and the imsx_POXEnvelopeResponse. */
export interface OutcomeReply {
  status: number;
  xml: string;
}

export interface OutcomeRequest {
  /** The raw body (a string when the content type was XML). */
  body: unknown;
  authorization: string | undefined;
  /** The request URL as received (path and query). */
  url: string;
}

interface Outcome {
  codeMajor: CodeMajor;
  description: string;
  /** The inner XML of the operation's response element. */
  body?: string;
}

interface PoxRequest {
  messageId: string;
  operation: string;
  payload: unknown;
}

interface OutcomeSource {
  userId: string;
  lineItemId: string;
  lineItemScoreMaximum: number;
}

// ---- response ----------------------------------------------------------------------------------------

/** An imsx_POXEnvelopeResponse; `operation` is the request's operation name (e.g. replaceResult). */
export function renderEnvelope(input: {
  outcome: Outcome;
  messageRef: string;
  operation: string;
}): string {
  const { outcome, messageRef, operation } = input;
  const severity = outcome.codeMajor === 'failure' ? 'error' : 'status';
  const body = OPERATIONS.includes(operation)
    ? `<${operation}Response>${outcome.body ?? ''}</${operation}Response>`
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<imsx_POXEnvelopeResponse xmlns="${POX_NAMESPACE}">`,
    '<imsx_POXHeader><imsx_POXResponseHeaderInfo>',
    '<imsx_version>V1.0</imsx_version>',
    `<imsx_messageIdentifier>${newId()}</imsx_messageIdentifier>`,
    '<imsx_statusInfo>',
    `<imsx_codeMajor>${outcome.codeMajor}</imsx_codeMajor>`,
    `<imsx_severity>${severity}</imsx_severity>`,
    `<imsx_description>${escapeHtml(outcome.description)}</imsx_description>`,
    `<imsx_messageRefIdentifier>${escapeHtml(messageRef)}</imsx_messageRefIdentifier>`,
    `<imsx_operationRefIdentifier>${escapeHtml(operation)}</imsx_operationRefIdentifier>`,
    '</imsx_statusInfo>',
    '</imsx_POXResponseHeaderInfo></imsx_POXHeader>',
    `<imsx_POXBody>${body}</imsx_POXBody>`,
    '</imsx_POXEnvelopeResponse>',
  ].join('');
}

/** A failure envelope for a request that never reached an operation (authentication, parsing, limits). */
export function failureReply(status: number, description: string): OutcomeReply {
  return {
    status,
    xml: renderEnvelope({
      outcome: { codeMajor: 'failure', description },
      messageRef: '',
      operation: '',
    }),
  };
}

// ---- request parsing ---------------------------------------------------------------------------------

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
});

/** Decodes the five predefined XML entities and character references; nothing else is ever expanded. */
function decodeText(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g,
    (_, entity: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      if (named[entity]) return named[entity];
      const code = entity.startsWith('#x')
        ? Number.parseInt(entity.slice(2), 16)
        : Number.parseInt(entity.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    },
  );
}

/** The text at `path` below `node`, or null when absent or not a single text element. */
function textAt(node: unknown, path: string[]): string | null {
  let current = node;
  for (const name of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = (current as Record<string, unknown>)[name];
  }
  return typeof current === 'string' ? decodeText(current) : null;
}

function childAt(node: unknown, name: string): Record<string, unknown> | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const child = (node as Record<string, unknown>)[name];
  return typeof child === 'object' && child !== null && !Array.isArray(child)
    ? (child as Record<string, unknown>)
    : null;
}

/** Parses the POX request; a string is the reason it was refused (never expanding any entity). */
export function parsePoxRequest(raw: string): PoxRequest | string {
  if (/<!DOCTYPE|<!ENTITY/i.test(raw)) return 'Document type declarations are not accepted.';
  if (XMLValidator.validate(raw) !== true) return 'The body is not well-formed XML.';
  const envelope = childAt(parser.parse(raw) as unknown, 'imsx_POXEnvelopeRequest');
  if (!envelope) return 'The body is not an imsx_POXEnvelopeRequest.';
  const messageId =
    textAt(envelope, ['imsx_POXHeader', 'imsx_POXRequestHeaderInfo', 'imsx_messageIdentifier']) ??
    '';
  const body = childAt(envelope, 'imsx_POXBody');
  const element = body ? Object.keys(body).find((name) => name.endsWith('Request')) : undefined;
  if (!body || !element) return 'The request names no operation.';
  return { messageId, operation: element.slice(0, -'Request'.length), payload: body[element] };
}

/** A score as LTI 1.1 writes it: a plain decimal in [0, 1]; null when it is anything else. */
export function parseScore(text: string | null): number | null {
  if (text === null || !/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return null;
  const score = Number(text);
  return score >= 0 && score <= 1 ? score : null;
}

function formatScore(score: number): string {
  return String(Number(Math.min(1, Math.max(0, score)).toFixed(6)));
}

// ---- the service -------------------------------------------------------------------------------------

type Authentication = { tool: LtiToolRecord } | { refused: string };

export function createOutcomesService(ctx: AppContext, lti: LtiModule) {
  const { db } = ctx;

  function signedParams(header: Map<string, string>, url: string): OAuthParam[] {
    const query = [...new URL(url, lti.urls.outcomes).searchParams];
    const oauth = [...header].filter(([name]) => name !== 'realm' && name !== 'oauth_signature');
    return [...oauth, ...query];
  }

  function headerProblem(header: Map<string, string>): string | null {
    if (header.get('oauth_signature_method') !== 'HMAC-SHA1')
      return 'oauth_signature_method must be HMAC-SHA1.';
    const version = header.get('oauth_version');
    if (version !== undefined && version !== '1.0') return 'oauth_version must be 1.0.';
    if (!/^\d{1,12}$/.test(header.get('oauth_timestamp') ?? ''))
      return 'oauth_timestamp is missing or invalid.';
    for (const name of ['oauth_nonce', 'oauth_signature', 'oauth_body_hash']) {
      if (!header.get(name)) return `${name} is missing.`;
    }
    return null;
  }

  async function authenticate(request: OutcomeRequest, raw: string): Promise<Authentication> {
    const header = parseAuthorizationHeader(request.authorization);
    if (!header) return { refused: 'A valid OAuth Authorization header is required.' };
    const consumerKey = header.get('oauth_consumer_key');
    const problem = headerProblem(header);
    if (!consumerKey || problem) return { refused: problem ?? 'oauth_consumer_key is missing.' };
    const tool = await lti.tools.findByConsumerKey(consumerKey);
    if (!tool || !tool.enabled || tool.ltiVersion !== LtiVersion.lti11)
      return { refused: 'Unknown consumer key.' };
    if (!safeEqual(bodyHash(raw), header.get('oauth_body_hash')!))
      return { refused: 'oauth_body_hash does not match the body.' };
    const valid = verifySignature({
      method: 'POST',
      url: lti.urls.outcomes,
      params: signedParams(header, request.url),
      signature: header.get('oauth_signature')!,
      secret: lti.tools.secretOf(tool),
    });
    if (!valid) return { refused: 'Invalid signature.' };
    const now = ctx.clock.now();
    const timestamp = Number(header.get('oauth_timestamp')) * 1000;
    if (Math.abs(now.getTime() - timestamp) > OAUTH_TIMESTAMP_WINDOW_MS)
      return { refused: 'oauth_timestamp is outside the accepted window.' };
    const expires = new Date(now.getTime() + 2 * OAUTH_TIMESTAMP_WINDOW_MS);
    const key = `oauth1:${consumerKey}:${header.get('oauth_nonce')!}`;
    if (!(await rememberOnce(db, key, expires, now)))
      return { refused: 'oauth_nonce was already used.' };
    return { tool };
  }

  /** The outcome source of `sourcedId` when it belongs to `tool`, with its resource link's line item. */
  async function findSource(tool: LtiToolRecord, sourcedId: string): Promise<OutcomeSource | null> {
    const row = await db
      .selectFrom('ltiOutcomeSources as s')
      .innerJoin('ltiLineItems as li', 'li.resourceLinkId', 's.resourceLinkId')
      .select(['s.userId', 'li.id as lineItemId', 'li.scoreMaximum'])
      .where('s.sourcedid', '=', sourcedId)
      .where('s.toolId', '=', tool.id)
      .where('li.toolId', '=', tool.id)
      .orderBy('li.created')
      .orderBy('li.id')
      .executeTakeFirst();
    return row
      ? { userId: row.userId, lineItemId: row.lineItemId, lineItemScoreMaximum: row.scoreMaximum }
      : null;
  }

  const failure = (description: string): Outcome => ({ codeMajor: 'failure', description });

  async function replaceResult(tool: LtiToolRecord, source: OutcomeSource, payload: unknown) {
    const text = textAt(payload, ['resultRecord', 'result', 'resultScore', 'textString']);
    const score = parseScore(text);
    if (score === null)
      return failure('resultScore/textString must be a decimal number from 0.0 to 1.0.');
    try {
      const applied = await applyToolResult(ctx, {
        toolId: tool.id,
        lineItemId: source.lineItemId,
        userId: source.userId,
        scoreGiven: score,
        scoreMaximum: 1,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        comment: null,
        timestamp: ctx.clock.now().toISOString(),
        allowSameTimestamp: true,
      });
      if (applied.status === 'stale') return failure('A newer result is already recorded.');
    } catch (error) {
      if (error instanceof DomainError) return failure(error.message);
      throw error;
    }
    return { codeMajor: 'success' as const, description: `Score ${formatScore(score)} recorded.` };
  }

  async function storedResult(source: OutcomeSource) {
    return db
      .selectFrom('ltiResults')
      .select(['scoreGiven', 'scoreMaximum'])
      .where('lineItemId', '=', source.lineItemId)
      .where('userId', '=', source.userId)
      .executeTakeFirst();
  }

  async function readResult(source: OutcomeSource): Promise<Outcome> {
    const row = await storedResult(source);
    const maximum = row?.scoreMaximum ?? source.lineItemScoreMaximum;
    const score =
      row && row.scoreGiven !== null && maximum > 0 ? formatScore(row.scoreGiven / maximum) : '';
    return {
      codeMajor: 'success',
      description: score === '' ? 'No result is recorded.' : `Score is ${score}.`,
      body: `<result><resultScore><language>en</language><textString>${score}</textString></resultScore></result>`,
    };
  }

  async function deleteResult(source: OutcomeSource): Promise<Outcome> {
    await db
      .deleteFrom('ltiResults')
      .where('lineItemId', '=', source.lineItemId)
      .where('userId', '=', source.userId)
      .execute();
    return { codeMajor: 'success', description: 'The result was deleted.' };
  }

  async function perform(tool: LtiToolRecord, request: PoxRequest): Promise<Outcome> {
    if (!OPERATIONS.includes(request.operation))
      return { codeMajor: 'unsupported', description: `${request.operation} is not supported.` };
    const sourcedId = textAt(request.payload, ['resultRecord', 'sourcedGUID', 'sourcedId']);
    const source = sourcedId ? await findSource(tool, sourcedId) : null;
    if (!source) return failure('The sourcedId is not known for this tool.');
    if (request.operation === 'replaceResult') return replaceResult(tool, source, request.payload);
    return request.operation === 'readResult' ? readResult(source) : deleteResult(source);
  }

  return {
    async handle(request: OutcomeRequest): Promise<OutcomeReply> {
      if (typeof request.body !== 'string')
        return failureReply(415, 'The body must be application/xml.');
      const authentication = await authenticate(request, request.body);
      if ('refused' in authentication) return failureReply(401, authentication.refused);
      const pox = parsePoxRequest(request.body);
      if (typeof pox === 'string') return failureReply(400, pox);
      const outcome = await perform(authentication.tool, pox);
      return {
        status: 200,
        xml: renderEnvelope({ outcome, messageRef: pox.messageId, operation: pox.operation }),
      };
    },
  };
}

export type OutcomesService = ReturnType<typeof createOutcomesService>;
