import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetry(0, new ApiError(status, 'x'))).toBe(false);
  });

  it('retries server and network errors a couple of times', () => {
    expect(shouldRetry(0, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'x'))).toBe(false);
  });
});
