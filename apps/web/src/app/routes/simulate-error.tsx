// /simulate-error: throws while rendering, to check the full-screen error page end to end.

export function Component(): never {
  throw new Error('Simulated error from /simulate-error');
}
