// The mail outbox over real SMTP on every dialect: mails queued in the database are delivered to a real SMTP
// server (smtp-server), wait with their attempts and next attempt while the server is down, are delivered once
// when it is back (nothing lost, nothing twice), and a permanent refusal (5xx) marks a mail failed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { fixedClock } from '../../lib/clock.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp.ts';
import { createMailOutboxRepository, queueMail } from './mail-outbox.repository.ts';
import { renderMail } from './mail-templates.ts';
import { MAIL_RETRY_BASE_MS, createMailWorker, mailRetryDelayMs } from './mail-worker.ts';

const START = '2030-03-01T09:00:00.000Z';
const log = pino({ level: 'silent' });

describe('mailRetryDelayMs', () => {
  it('doubles from the base, with up to half of it as jitter', () => {
    expect(mailRetryDelayMs(0, () => 0)).toBe(MAIL_RETRY_BASE_MS / 2);
    expect(mailRetryDelayMs(0, () => 1)).toBe(MAIL_RETRY_BASE_MS);
    expect(mailRetryDelayMs(2, () => 1)).toBe(MAIL_RETRY_BASE_MS * 4);
    expect(mailRetryDelayMs(40, () => 1)).toBe(60 * 60_000);
  });
});

describe('renderMail', () => {
  it('escapes values in the HTML, isolates the name, and uses inline styles and no remote resources', () => {
    const mail = renderMail('passwordReset', 'de-DE', {
      name: '<b>Ada</b>',
      resetUrl: 'https://portal.test/oidc-op/reset-password?token=a&b',
    });
    expect(mail.locale).toBe('de-DE');
    expect(mail.subject).toBe('Passwort zurücksetzen | Lernportal');
    expect(mail.text).toContain('Hallo <b>Ada</b>,');
    expect(mail.text).toContain('https://portal.test/oidc-op/reset-password?token=a&b');
    expect(mail.html).toContain('<bdi>&lt;b&gt;Ada&lt;/b&gt;</bdi>');
    expect(mail.html).toContain('href="https://portal.test/oidc-op/reset-password?token=a&amp;b"');
    expect(mail.html).not.toMatch(/<img|<style|<link|<script|url\(/i);
    expect(mail.html).toContain('lang="de-DE" dir="ltr"');
  });

  it('writes right-to-left locales right to left', () => {
    const mail = renderMail('accountExists', 'ar-AR', {
      name: 'Ada',
      signInUrl: 'https://portal.test/oidc/login',
      resetUrl: 'https://portal.test/oidc-op/forgot-password',
    });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.subject).toContain('لديك حساب بالفعل');
  });
});

describe.each(await testDialects())('the mail outbox on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  const clock = fixedClock(START);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
  });

  afterEach(async () => {
    await smtp.start();
    smtp.received.length = 0;
    await database.db.deleteFrom('mailOutbox').execute();
  });

  afterAll(async () => {
    await smtp.stop();
    await database.dispose();
  });

  const repository = () => createMailOutboxRepository(database.db, database.dialect);
  const worker = () =>
    createMailWorker({
      repository: repository(),
      config: {
        smtpUrl: smtp.url,
        from: 'Learner portal <no-reply@portal.test>',
        retentionDays: 30,
      },
      clock,
      log,
      random: () => 1,
    });

  async function queue(to: string, tag: string) {
    const mail = renderMail('passwordReset', 'en-US', {
      name: tag,
      resetUrl: `https://portal.test/reset?token=${tag}`,
    });
    return queueMail(
      database.db,
      {
        tenantId: null,
        to,
        locale: mail.locale,
        template: 'passwordReset',
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
      clock.now().toISOString(),
    );
  }

  it('sends the extra headers stored with a mail (List-Unsubscribe, RFC 8058)', async () => {
    await queueMail(
      database.db,
      {
        tenantId: null,
        to: 'grace@example.com',
        locale: 'en-US',
        template: 'knowledgeQuestion',
        subject: 'A question',
        text: 'Text',
        html: '<p>Text</p>',
        headers: {
          'List-Unsubscribe': '<https://portal.test/unsubscribe?token=t>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      clock.now().toISOString(),
    );
    const mailWorker = worker();
    expect(await mailWorker.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await mailWorker.stop();
    const raw = smtp.received[0]!.raw;
    expect(raw).toContain('List-Unsubscribe: <https://portal.test/unsubscribe?token=t>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  async function rows() {
    return database.db
      .selectFrom('mailOutbox')
      .selectAll()
      .orderBy('created')
      .orderBy('toAddress')
      .execute();
  }

  it('delivers a queued mail over SMTP with its subject, text and HTML', async () => {
    const id = await queue('ada@example.com', 'Ada');
    const mailWorker = worker();
    expect(await mailWorker.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await mailWorker.stop();
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.from).toBe('no-reply@portal.test');
    expect(received!.to).toEqual(['ada@example.com']);
    expect(received!.subject).toBe('Reset your password | Learner portal');
    expect(received!.text).toContain('https://portal.test/reset?token=Ada');
    expect(received!.raw).toMatch(/Content-Type: text\/html/);
    const [row] = await rows();
    expect(row).toMatchObject({ id, status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBe(clock.now().toISOString());
  });

  it('keeps mails pending while the SMTP server is down and delivers each once when it is back', async () => {
    await smtp.stop();
    await queue('grace@example.com', 'Grace');
    await queue('alan@example.com', 'Alan');
    const mailWorker = worker();
    expect(await mailWorker.deliverDue()).toEqual({ sent: 0, retried: 2, failed: 0 });
    const waiting = await rows();
    const nextAttempt = new Date(clock.now().getTime() + MAIL_RETRY_BASE_MS).toISOString();
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: nextAttempt });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    }

    // Not due yet: nothing is tried, even with the server back.
    await smtp.start();
    expect(await mailWorker.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    clock.advance(MAIL_RETRY_BASE_MS);
    expect(await mailWorker.deliverDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await mailWorker.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await mailWorker.stop();
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
      'alan@example.com',
      'grace@example.com',
    ]);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('marks a mail the server refuses for good (5xx) as failed and never sends it again', async () => {
    await queue('refused@example.com', 'Refused');
    await queue('fine@example.com', 'Fine');
    const mailWorker = worker();
    expect(await mailWorker.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 1 });
    clock.advance(24 * 60 * 60_000);
    expect(await mailWorker.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await mailWorker.stop();
    const refused = (await rows()).find((row) => row.toAddress === 'refused@example.com')!;
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.lastError).toMatch(/550/);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['fine@example.com']]);
  });

  it('shares the work between two workers without sending a mail twice', async () => {
    for (let index = 0; index < 8; index += 1)
      await queue(`learner${index}@example.com`, `L${index}`);
    const first = worker();
    const second = worker();
    const reports = await Promise.all([first.deliverDue(), second.deliverDue()]);
    await Promise.all([first.stop(), second.stop()]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(8);
    const recipients = smtp.received.map((mail) => mail.to[0]);
    expect(new Set(recipients).size).toBe(8);
    expect(recipients).toHaveLength(8);
  });

  it('deletes sent mails after the retention, keeping pending and failed ones', async () => {
    await queue('old@example.com', 'Old');
    const mailWorker = worker();
    await mailWorker.deliverDue();
    await mailWorker.stop();
    await queue('later@example.com', 'Later');
    clock.advance(31 * 24 * 60 * 60_000);
    expect(
      await repository().deleteSentBefore(
        new Date(clock.now().getTime() - 30 * 24 * 60 * 60_000).toISOString(),
      ),
    ).toBe(1);
    expect((await rows()).map((row) => row.toAddress)).toEqual(['later@example.com']);
  });
});
