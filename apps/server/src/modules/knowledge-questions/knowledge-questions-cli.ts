// `npm run knowledge-questions -w apps/server -- <command>`:
//   send-due                 mails the questions that are due now (what the background scheduler does every
//                            15 minutes when SMTP_URL is set); read them with `npm run mail`.
//   import <file.json>       adds a course's questions from a JSON file (format: docs/knowledge-questions.md);
//                            checked as a whole first, nothing is written when one question is wrong, and a
//                            question already in the bank (same module and prompt) is skipped.
//   list <course id or code> prints the course's questions in mailing order.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';
import { createKnowledgeLinkTokens } from './knowledge-question-tokens.ts';
import { createKnowledgeQuestionsRepository } from './knowledge-questions.repository.ts';
import { createKnowledgeQuestionsService } from './knowledge-questions.service.ts';
import { importQuestionBank, listQuestionBank, QuestionBankError } from './question-bank.ts';

const USAGE = `Usage:
  knowledge-questions send-due
  knowledge-questions import <file.json> [--tenant-domain <domain>]
  knowledge-questions list <course id or code> [--tenant-domain <domain>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'tenant-domain': { type: 'string' } },
});
const [command, argument] = positionals;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (command !== 'send-due' && command !== 'import' && command !== 'list') fail('Unknown command.');
if (command !== 'send-due' && !argument) fail(`${command} needs an argument.`);

let fileContent: unknown;
if (command === 'import') {
  try {
    fileContent = JSON.parse(await readFile(argument!, 'utf8'));
  } catch (error) {
    fail(`Cannot read ${argument}: ${(error as Error).message}`);
  }
}

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const { db } = database;
  if (command === 'send-due') {
    const service = createKnowledgeQuestionsService({
      db,
      repository: createKnowledgeQuestionsRepository(db),
      tokens: createKnowledgeLinkTokens(config.sessionSecret),
      clock: systemClock,
      publicUrl: config.publicUrl,
    });
    const sent = await service.sendDue();
    process.stdout.write(`${sent} question e-mail(s) written to the outbox.\n`);
  } else {
    const tenant = await findCliTenant(db, values['tenant-domain']);
    if (!tenant) fail('No such tenant (start the server or run the seed first).');
    if (command === 'import') {
      try {
        const result = await importQuestionBank(
          db,
          tenant.id,
          fileContent,
          systemClock.now().toISOString(),
        );
        process.stdout.write(
          `${result.courseName}: ${result.added} question(s) added, ${result.skipped} already in the bank.\n`,
        );
      } catch (error) {
        if (!(error instanceof QuestionBankError)) throw error;
        process.exitCode = 1;
        console.error(`Nothing imported:\n${error.problems.map((p) => `  ${p}`).join('\n')}`);
      }
    } else {
      const bank = await listQuestionBank(db, tenant.id, argument!);
      if (!bank) fail(`No course ${argument} in this tenant.`);
      process.stdout.write(`${bank.course.name}: ${bank.questions.length} question(s)\n`);
      for (const question of bank.questions)
        process.stdout.write(
          `${question.ord}. [${question.kind}] ${question.prompt}\n   module: ${question.moduleName ?? '(removed)'} (${question.activityPathId})\n`,
        );
    }
  }
} finally {
  await database.close();
}
