// Screen-reader announcements through two live regions that are in the page from its first load
// (index.html): a region inserted together with its text is often not read, a region that changes is.

export type Politeness = 'polite' | 'assertive';

export const LIVE_REGION_IDS: Record<Politeness, string> = {
  polite: 'live-announcer-polite',
  assertive: 'live-announcer-assertive',
};

// Long enough for screen readers to notice the emptied region before the new text arrives.
const ANNOUNCE_DELAY_MS = 100;
// Said by then; an old message left in the page would be found again when reading to the end of it.
export const ANNOUNCEMENT_LIFETIME_MS = 7000;

/** The live region (index.html has both; component tests and odd hosts get one created on first use). */
export function liveRegion(politeness: Politeness): HTMLElement {
  const existing = document.getElementById(LIVE_REGION_IDS[politeness]);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = LIVE_REGION_IDS[politeness];
  region.className = 'visually-hidden';
  region.dataset.announcer = '';
  region.setAttribute('aria-live', politeness);
  region.setAttribute('aria-atomic', 'true');
  if (politeness === 'assertive') region.setAttribute('role', 'alert');
  else region.setAttribute('role', 'status');
  document.body.append(region);
  return region;
}

// Plain timers rather than window's: a timer may fire after a test's page is torn down.
type Timer = ReturnType<typeof setTimeout>;
const pending: Record<Politeness, Timer | undefined> = { polite: undefined, assertive: undefined };

/** Says `message` once; the same words said twice in a row are read twice. */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  const region = liveRegion(politeness);
  region.textContent = '';
  clearTimeout(pending[politeness]);
  pending[politeness] = setTimeout(() => {
    region.textContent = message;
    pending[politeness] = setTimeout(() => {
      region.textContent = '';
    }, ANNOUNCEMENT_LIFETIME_MS);
  }, ANNOUNCE_DELAY_MS);
}
