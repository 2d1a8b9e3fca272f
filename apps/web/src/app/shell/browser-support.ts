// Browser-compatibility rule (spec §2): desktop Chrome, Safari, Edge; mobile Chrome and Safari.

export interface BrowserFacts {
  userAgent: string;
  /** navigator.userAgentData where the browser has it (Chromium family). */
  userAgentData?: { brands?: readonly { brand: string }[]; mobile?: boolean } | undefined;
}

type Family = 'chrome' | 'edge' | 'safari' | 'other';

function familyFromAgent(ua: string): Family {
  // Order matters: Edge, Opera, Samsung… also say "Chrome", and Chrome also says "Safari".
  if (/\bEdg(A|iOS)?\//.test(ua)) return 'edge';
  if (/\b(OPR|OPT|Opera|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Firefox|FxiOS)\//.test(ua))
    return 'other';
  if (/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//.test(ua)) return 'chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) && !/Android/.test(ua)) return 'safari';
  return 'other';
}

function familyFromBrands(brands: readonly { brand: string }[]): Family | null {
  const names = brands.map((entry) => entry.brand);
  if (names.includes('Microsoft Edge')) return 'edge';
  if (names.some((name) => /Opera|Yandex|Samsung|Vivaldi|Brave/i.test(name))) return 'other';
  // Headless and Debian Chromium report only "Chromium": it is Chrome for our purposes.
  if (
    names.includes('Google Chrome') ||
    names.includes('Chromium') ||
    names.includes('HeadlessChrome')
  )
    return 'chrome';
  return null;
}

export function isMobileBrowser({ userAgent, userAgentData }: BrowserFacts): boolean {
  if (typeof userAgentData?.mobile === 'boolean') return userAgentData.mobile;
  return /Mobi|Android|iPhone|iPad|iPod/.test(userAgent);
}

export function isSupportedBrowser(facts: BrowserFacts): boolean {
  const family =
    (facts.userAgentData?.brands && familyFromBrands(facts.userAgentData.brands)) ||
    familyFromAgent(facts.userAgent);
  if (isMobileBrowser(facts)) return family === 'chrome' || family === 'safari';
  return family === 'chrome' || family === 'safari' || family === 'edge';
}

export function currentBrowserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { userAgentData?: BrowserFacts['userAgentData'] };
  return { userAgent: nav.userAgent, userAgentData: nav.userAgentData };
}
