// `npm run knowledge-questions -w apps/server -- send-due`: mails the knowledge questions that are due now
// (what the background scheduler does every 15 minutes when SMTP_URL is set); read them with `npm run mail`.
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { createKnowledgeLinkTokens } from './knowledge-question-tokens.ts';
import { createKnowledgeQuestionsRepository } from './knowledge-questions.repository.ts';
import { createKnowledgeQuestionsService } from './knowledge-questions.service.ts';

const command = process.argv[2];
if (command !== 'send-due') {
  console.error('Usage:\n  knowledge-questions send-due');
  process.exit(1);
}
const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const service = createKnowledgeQuestionsService({
    db: database.db,
    repository: createKnowledgeQuestionsRepository(database.db),
    tokens: createKnowledgeLinkTokens(config.sessionSecret),
    clock: systemClock,
    publicUrl: config.publicUrl,
  });
  const sent = await service.sendDue();
  process.stdout.write(`${sent} question e-mail(s) written to the outbox.\n`);
} finally {
  await database.close();
}
