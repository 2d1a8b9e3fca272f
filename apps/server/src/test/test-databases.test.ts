// The test matrix itself: under CI an unreachable PostgreSQL fails the run instead of being skipped.
import { describe, expect, it } from 'vitest';
import { postgresRequired, probePostgres } from './test-databases.ts';

const NOWHERE = 'postgres://postgres@127.0.0.1:1/postgres';

describe('the PostgreSQL half of the test matrix', () => {
  it('is required whenever CI is set', () => {
    expect(postgresRequired({ CI: 'true' })).toBe(true);
    expect(postgresRequired({ CI: '1' })).toBe(true);
    expect(postgresRequired({})).toBe(false);
    expect(postgresRequired({ CI: 'false' })).toBe(false);
  });

  it('fails when required and unreachable, and is skipped only when not required', async () => {
    await expect(probePostgres(NOWHERE, { required: true })).rejects.toThrow(
      /required in CI but not reachable/,
    );
    await expect(probePostgres(NOWHERE, { required: false })).resolves.toBe(false);
  });
});
