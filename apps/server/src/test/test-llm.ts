// An OpenAI-compatible chat endpoint for tests: a node:http server on a random port that answers
// POST /v1/chat/completions with `stream: true` as server-sent `data:` chunks ending in `[DONE]`, like the real
// API. Its answer is deterministic and built from what it receives: the first sentence of passage [1], cited as
// [1]; NOT_COVERED when the question contains "unicorn". It records every request and can be told to fail
// (an HTTP status) or to hang (send nothing after the headers).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestLlmRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
}

export interface TestLlm {
  /** The base URL to configure as TUTOR_LLM_URL (…/v1, no trailing slash). */
  url: string;
  requests: TestLlmRequest[];
  /** Until `recover()`, answer every request with this status. */
  fail(status?: number): void;
  /** Until `recover()`, send the headers and then nothing. */
  hang(): void;
  recover(): void;
  /** Requests still waiting for an answer (hanging ones the portal has not given up on). */
  openRequests(): number;
  close(): Promise<void>;
}

/** The passages of the user message (`<passage number="n" …>text</passage>`), by number. */
export function receivedPassages(content: string): Map<number, string> {
  const passages = new Map<number, string>();
  for (const match of content.matchAll(/<passage number="(\d+)"[^>]*>([\s\S]*?)<\/passage>/g))
    passages.set(Number(match[1]), match[2]!);
  return passages;
}

function answerOf(body: TestLlmRequest['body']): string {
  const user = body.messages?.find((message) => message.role === 'user')?.content ?? '';
  const question = /<question>([\s\S]*?)<\/question>/.exec(user)?.[1] ?? '';
  const first = receivedPassages(user).get(1);
  if (first === undefined || /unicorn/i.test(question)) return 'NOT_COVERED';
  const sentence = /^[\s\S]*?[.!?](\s|$)/.exec(first)?.[0].trim() ?? first;
  return `${sentence} [1]`;
}

export async function startTestLlm(options: { key?: string } = {}): Promise<TestLlm> {
  let failure: number | null = null;
  let hanging = false;
  const requests: TestLlmRequest[] = [];
  const open = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    let body: TestLlmRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TestLlmRequest['body'];
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    requests.push({ authorization: req.headers.authorization, body });
    if (options.key !== undefined && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (failure !== null) {
      res
        .writeHead(failure, { 'content-type': 'application/json' })
        .end('{"error":{"message":"down"}}');
      return;
    }
    if (body.stream !== true || typeof body.model !== 'string') {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"stream only"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (hanging) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    const answer = answerOf(body);
    const created = 1_900_000_000;
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    // Pieces of a few characters, as a model streams tokens.
    for (let at = 0; at < answer.length; at += 7) {
      res.write(chunk({ content: answer.slice(at, at + 7) }, null));
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    fail(status = 500) {
      failure = status;
    },
    hang() {
      hanging = true;
    },
    recover() {
      failure = null;
      hanging = false;
      for (const res of open) res.destroy();
    },
    openRequests: () => open.size,
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
