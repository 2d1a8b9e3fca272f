// The current time, re-read on an interval (the profile clock refreshes every 60 s, spec §9).
import { useEffect, useState } from 'react';

export const PROFILE_CLOCK_REFRESH_MS = 60_000;

export function useNow(intervalMs: number = PROFILE_CLOCK_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
