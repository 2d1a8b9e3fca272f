// The background scheduler of knowledge-question e-mails: every 15 minutes it mails the questions that are due
// (the service decides, so several instances may run it: a learner gets at most one question a day per course;
// each mailing decides again under a lock of the learner's subscription, so two instances never mail it twice).
import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeQuestionsService } from './knowledge-questions.service.ts';

export const KNOWLEDGE_QUESTIONS_INTERVAL_MS = 15 * 60_000;

export function createKnowledgeQuestionsScheduler(deps: {
  service: KnowledgeQuestionsService;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = deps.service
      .sendDue()
      .then((sent) => {
        if (sent > 0) deps.log.info({ sent }, 'knowledge questions mailed');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'knowledge questions failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start(): void {
      timer ??= setInterval(run, deps.intervalMs ?? KNOWLEDGE_QUESTIONS_INTERVAL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
