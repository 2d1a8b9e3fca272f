// A real SMTP server for tests (the npm package smtp-server): keeps every message it accepts, can be stopped and
// started again on the same port (a mail server outage), and refuses recipients whose address starts with
// "refused" with a permanent 550.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the server received it. */
  raw: string;
  subject: string;
  /** The text/plain part, decoded from quoted-printable. */
  text: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Decodes a quoted-printable body (soft line breaks, =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain part of a message built by nodemailer (multipart/alternative, quoted-printable or base64). */
export function plainTextOf(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!match) return '';
  const [, encoding = '', body = ''] = match;
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function subjectOf(raw: string): string {
  const header = /^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused')) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            subject: subjectOf(raw),
            text: plainTextOf(raw),
          });
          callback();
        });
      },
    });

  const smtp: TestSmtp = {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    async start() {
      if (server) return;
      const next = create();
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(boundPort, '127.0.0.1', () => resolve());
      });
      const address = next.server.address();
      if (typeof address === 'object' && address) boundPort = address.port;
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await smtp.start();
  return smtp;
}
