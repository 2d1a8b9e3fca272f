// SMTP_URL, MAIL_FROM and MAIL_RETENTION_DAYS read by config.ts: no SMTP server by default (mails stay pending),
// only smtp:// and smtps:// URLs, a sender at the portal's host unless told otherwise.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-secret-test-secret-test-secret',
  PUBLIC_URL: 'https://portal.example',
};

describe('mail configuration', () => {
  it('has no SMTP server by default and sends from no-reply at the portal host', () => {
    expect(loadConfig(base).mail).toEqual({
      smtpUrl: undefined,
      from: 'no-reply@portal.example',
      retentionDays: 30,
    });
  });

  it('reads the SMTP URL, the sender and the retention', () => {
    expect(
      loadConfig({
        ...base,
        SMTP_URL: 'smtps://portal:secret@mail.example:465',
        MAIL_FROM: 'Learner portal <learn@portal.example>',
        MAIL_RETENTION_DAYS: '7',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://portal:secret@mail.example:465',
      from: 'Learner portal <learn@portal.example>',
      retentionDays: 7,
    });
  });

  it('refuses another scheme and a sender without an address', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'Learner portal' })).toThrow(/MAIL_FROM/);
  });
});
