// A Learning Record Store for tests: a node:http server on a random port that speaks the part of xAPI 1.0.3 the
// portal uses (POST /statements with basic auth and the version header, answering the ids), validates every
// statement it receives against the 1.0.3 structure, and can be told to be down (503) or to refuse statements.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

export interface TestLrs {
  /** The endpoint to configure as XAPI_ENDPOINT (no trailing slash). */
  url: string;
  /** Every accepted statement by id (a statement sent again with the same content is stored once). */
  statements: Map<string, Record<string, unknown>>;
  /** What the validator found wrong in the statements received (and refused with 400). */
  invalid: string[];
  /** Every request received: its answer and how many statements it carried. */
  requests: { status: number; count: number }[];
  /** Until `recover()`, every request is answered with this status (503: the LRS is down). */
  fail(status?: number): void;
  recover(): void;
  /** Statements for which this returns true are refused with 400 (as an LRS refuses a statement it dislikes). */
  refuseWhen(predicate: (statement: Record<string, unknown>) => boolean): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// xAPI 1.0.3 structure (https://github.com/adlnet/xAPI-Spec/blob/master/xAPI-Data.md#statements): the checks an
// LRS makes on the statements the portal writes. Answers the problems found, empty when the statement is valid.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// ISO 8601 date and time with seconds and a zone (xAPI 1.0.3: "Timestamps MUST be formatted per ISO 8601").
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
// RFC 5646 language tags, as far as the portal's locales go (language, script, region, variants).
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?(-[a-zA-Z0-9]{5,8})*$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isIri(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    return false;
  }
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function checkKeys(value: Json, allowed: string[], path: string, problems: string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${path}.${key} is not an xAPI property`);
  }
}

function checkLanguageMap(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value) || Object.keys(value).length === 0) {
    problems.push(`${path} must be a non-empty language map`);
    return;
  }
  for (const [tag, text] of Object.entries(value)) {
    if (!LANGUAGE_TAG.test(tag)) problems.push(`${path} key "${tag}" is not an RFC 5646 tag`);
    if (typeof text !== 'string') problems.push(`${path}["${tag}"] must be a string`);
  }
}

function checkExtensions(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${path} must be an object`);
    return;
  }
  for (const key of Object.keys(value)) {
    if (!isIri(key)) problems.push(`${path} key "${key}" is not an IRI`);
  }
}

function checkAgent(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${path} is required`);
    return;
  }
  checkKeys(
    value,
    ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account'],
    path,
    problems,
  );
  if (value.objectType !== undefined && value.objectType !== 'Agent') {
    problems.push(`${path}.objectType must be Agent`);
  }
  const identifiers = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter(
    (key) => value[key] !== undefined,
  );
  if (identifiers.length !== 1) {
    problems.push(`${path} needs exactly one inverse functional identifier`);
  }
  if (value.mbox !== undefined && !/^mailto:[^@\s]+@[^@\s]+$/.test(String(value.mbox))) {
    problems.push(`${path}.mbox must be a mailto: IRI`);
  }
  if (value.account !== undefined) {
    const account = value.account;
    if (!isObject(account)) {
      problems.push(`${path}.account must be an object`);
    } else {
      checkKeys(account, ['homePage', 'name'], `${path}.account`, problems);
      if (!isIri(account.homePage) || !/^https?:/.test(String(account.homePage))) {
        problems.push(`${path}.account.homePage must be an IRL`);
      }
      if (typeof account.name !== 'string' || account.name === '') {
        problems.push(`${path}.account.name must be a non-empty string`);
      }
    }
  }
}

function checkActivity(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${path} is required`);
    return;
  }
  checkKeys(value, ['objectType', 'id', 'definition'], path, problems);
  if (value.objectType !== undefined && value.objectType !== 'Activity') {
    problems.push(`${path}.objectType: only activities are expected from the portal`);
  }
  if (!isIri(value.id)) problems.push(`${path}.id must be an IRI`);
  if (value.definition !== undefined) {
    const definition = value.definition;
    if (!isObject(definition)) {
      problems.push(`${path}.definition must be an object`);
      return;
    }
    checkKeys(
      definition,
      ['name', 'description', 'type', 'moreInfo', 'extensions'],
      `${path}.definition`,
      problems,
    );
    if (definition.name !== undefined) {
      checkLanguageMap(definition.name, `${path}.definition.name`, problems);
    }
    if (definition.description !== undefined) {
      checkLanguageMap(definition.description, `${path}.definition.description`, problems);
    }
    if (definition.type !== undefined && !isIri(definition.type)) {
      problems.push(`${path}.definition.type must be an IRI`);
    }
    if (definition.extensions !== undefined) {
      checkExtensions(definition.extensions, `${path}.definition.extensions`, problems);
    }
  }
}

function checkResult(value: unknown, problems: string[]): void {
  if (!isObject(value)) {
    problems.push('result must be an object');
    return;
  }
  checkKeys(
    value,
    ['score', 'success', 'completion', 'response', 'duration', 'extensions'],
    'result',
    problems,
  );
  if (value.score !== undefined) {
    const score = value.score;
    if (!isObject(score)) {
      problems.push('result.score must be an object');
    } else {
      checkKeys(score, ['scaled', 'raw', 'min', 'max'], 'result.score', problems);
      const { scaled, raw, min, max } = score as Record<string, number | undefined>;
      if (scaled !== undefined && (typeof scaled !== 'number' || scaled < -1 || scaled > 1)) {
        problems.push('result.score.scaled must be a number from -1 to 1');
      }
      if (min !== undefined && max !== undefined && !(min < max)) {
        problems.push('result.score.min must be below max');
      }
      if (
        raw !== undefined &&
        ((min !== undefined && raw < min) || (max !== undefined && raw > max))
      ) {
        problems.push('result.score.raw must lie between min and max');
      }
    }
  }
  for (const flag of ['success', 'completion'] as const) {
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean') {
      problems.push(`result.${flag} must be a boolean`);
    }
  }
  if (value.response !== undefined && typeof value.response !== 'string') {
    problems.push('result.response must be a string');
  }
  if (value.extensions !== undefined)
    checkExtensions(value.extensions, 'result.extensions', problems);
}

function checkContext(value: unknown, problems: string[]): void {
  if (!isObject(value)) {
    problems.push('context must be an object');
    return;
  }
  checkKeys(
    value,
    [
      'registration',
      'instructor',
      'team',
      'contextActivities',
      'revision',
      'platform',
      'language',
      'statement',
      'extensions',
    ],
    'context',
    problems,
  );
  if (value.registration !== undefined && !UUID.test(String(value.registration))) {
    problems.push('context.registration must be a UUID');
  }
  if (value.platform !== undefined && typeof value.platform !== 'string') {
    problems.push('context.platform must be a string');
  }
  if (value.language !== undefined && !LANGUAGE_TAG.test(String(value.language))) {
    problems.push('context.language must be an RFC 5646 tag');
  }
  if (value.extensions !== undefined)
    checkExtensions(value.extensions, 'context.extensions', problems);
}

/** The problems of a statement under xAPI 1.0.3 as the portal writes them (activities as objects, agents). */
export function xapiStatementProblems(statement: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(statement)) return ['a statement must be an object'];
  checkKeys(
    statement,
    [
      'id',
      'actor',
      'verb',
      'object',
      'result',
      'context',
      'timestamp',
      'stored',
      'authority',
      'version',
      'attachments',
    ],
    'statement',
    problems,
  );
  if (statement.id !== undefined && !UUID.test(String(statement.id))) {
    problems.push('id must be a UUID');
  }
  checkAgent(statement.actor, 'actor', problems);
  if (!isObject(statement.verb)) {
    problems.push('verb is required');
  } else {
    checkKeys(statement.verb, ['id', 'display'], 'verb', problems);
    if (!isIri(statement.verb.id)) problems.push('verb.id must be an IRI');
    if (statement.verb.display !== undefined) {
      checkLanguageMap(statement.verb.display, 'verb.display', problems);
    }
  }
  checkActivity(statement.object, 'object', problems);
  if (statement.result !== undefined) checkResult(statement.result, problems);
  if (statement.context !== undefined) checkContext(statement.context, problems);
  if (statement.timestamp !== undefined) {
    const timestamp = String(statement.timestamp);
    if (!TIMESTAMP.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
      problems.push('timestamp must be an ISO 8601 time with a zone');
    }
  }
  if (statement.version !== undefined && !/^1\.0\.\d+$/.test(String(statement.version))) {
    problems.push('version must be 1.0.x');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-experience-api-version': '1.0.3',
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** Starts the LRS; `credentials` are the basic-auth user and password it accepts. */
export async function startTestLrs(credentials: {
  username: string;
  password: string;
}): Promise<TestLrs> {
  const statements = new Map<string, Json>();
  const requests: TestLrs['requests'] = [];
  const invalid: string[] = [];
  let failing: number | null = null;
  let refuse: (statement: Json) => boolean = () => false;
  const expectedAuth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let received = 0;
    // Noted before the answer leaves, so a caller that has its answer sees the request counted.
    const reply = (status: number, answerBody?: unknown) => {
      requests.push({ status, count: received });
      answer(response, status, answerBody);
    };
    if (request.method !== 'POST' || request.url !== '/xapi/statements') {
      reply(404, { message: 'Not found' });
      return;
    }
    if (failing !== null) {
      reply(failing, { message: 'Unavailable' });
      return;
    }
    if (request.headers.authorization !== expectedAuth) {
      reply(401, { message: 'Unauthorized' });
      return;
    }
    if (!/^1\.0\.\d+$/.test(String(request.headers['x-experience-api-version']))) {
      reply(400, { message: 'X-Experience-API-Version header missing or wrong' });
      return;
    }
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      reply(400, { message: 'Content-Type must be application/json' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      reply(400, { message: 'Malformed JSON' });
      return;
    }
    const batch = Array.isArray(body) ? body : [body];
    received = batch.length;
    const problems = batch.flatMap((statement, index) =>
      xapiStatementProblems(statement).map((problem) => `statement ${index}: ${problem}`),
    );
    if (problems.length > 0) {
      invalid.push(...problems);
      reply(400, { message: problems.join('; ') });
      return;
    }
    const valid = batch as Json[];
    if (valid.some((statement) => refuse(statement))) {
      reply(400, { message: 'Statement refused by this LRS' });
      return;
    }
    for (const statement of valid) {
      const existing = typeof statement.id === 'string' ? statements.get(statement.id) : undefined;
      if (existing && !isDeepStrictEqual(existing, statement)) {
        reply(409, { message: `Statement ${String(statement.id)} exists with other content` });
        return;
      }
    }
    // All or nothing, as an LRS stores a batch.
    const ids = valid.map((statement) => {
      const id = typeof statement.id === 'string' ? statement.id : crypto.randomUUID();
      statements.set(id, { ...statement, id });
      return id;
    });
    reply(200, ids);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { message: 'Test LRS failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/xapi`,
    statements,
    invalid,
    requests,
    fail(status = 503) {
      failing = status;
    },
    recover() {
      failing = null;
    },
    refuseWhen(predicate) {
      refuse = predicate;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
