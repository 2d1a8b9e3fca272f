// The typed error of every failed API call (kept free of schemas so error pages stay in the entry bundle).

/** A failed call, with what the server said (status, code, per-field errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
