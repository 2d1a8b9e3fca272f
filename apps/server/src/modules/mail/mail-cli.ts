// `npm run mail -w apps/server -- list [--status pending|sent|failed] [--limit n]`: the latest mails of the outbox.
// `npm run mail -w apps/server -- show <id>`: one mail's headers, state and plain-text body (with its links).
// Without SMTP_URL (development, the demo) mails stay pending in the outbox: this is how to read them.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import type { MailStatus } from '../../db/schema.ts';
import { createMailOutboxRepository, type MailRow } from './mail-outbox.repository.ts';

const USAGE = `Usage:
  mail list [--status pending|sent|failed] [--limit <n>]
  mail show <id>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, limit: { type: 'string' } },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const STATUSES: readonly MailStatus[] = ['pending', 'sent', 'failed'];
const command = positionals[0];
if (command !== 'list' && command !== 'show') fail('Unknown command.');
if (command === 'show' && !positionals[1]) fail('show needs the id of a mail (see mail list).');
const status = values.status as MailStatus | undefined;
if (status !== undefined && !STATUSES.includes(status)) fail(`Unknown status "${values.status}".`);
const limit = values.limit === undefined ? 20 : Number(values.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
  fail('--limit is a number from 1 to 1000.');

function describe(mail: MailRow): string {
  const state =
    mail.status === 'sent'
      ? `sent ${mail.sentAt ?? ''}`
      : mail.status === 'failed'
        ? `failed after ${mail.attempts} attempt(s): ${mail.lastError ?? ''}`
        : mail.attempts > 0
          ? `pending, ${mail.attempts} failed attempt(s), next ${mail.nextAttemptAt}: ${mail.lastError ?? ''}`
          : 'pending';
  return state;
}

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const repository = createMailOutboxRepository(database.db, database.dialect);
  if (command === 'list') {
    const mails = await repository.list({ status, limit });
    const lines = [
      `SMTP: ${config.mail.smtpUrl ? new URL(config.mail.smtpUrl).host : 'not configured (SMTP_URL): mails stay pending'}`,
      ...(mails.length === 0
        ? ['No mails.']
        : mails.map(
            (mail) =>
              `${mail.id}  ${mail.created}  ${mail.template}  to ${mail.toAddress}  "${mail.subject}"  ${describe(mail)}`,
          )),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } else {
    const mail = await repository.find(positionals[1]!);
    if (!mail) fail(`No mail ${positionals[1]}.`);
    const lines = [
      `Id:       ${mail.id}`,
      `Created:  ${mail.created}`,
      `To:       ${mail.toAddress}`,
      `Subject:  ${mail.subject}`,
      `Template: ${mail.template} (${mail.locale})`,
      `State:    ${describe(mail)}`,
      '',
      mail.textBody,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
} finally {
  await database.close();
}
