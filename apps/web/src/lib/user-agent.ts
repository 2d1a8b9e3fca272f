// The operating system and browser sent with product feedback (course-experience.md §7), read from the user agent.

interface Rule {
  name: string;
  pattern: RegExp;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
const BROWSERS: Rule[] = [
  { name: 'Edge', pattern: /Edg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /OPR\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /SamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chromium', pattern: /Chromium\/(\d+)/ },
  { name: 'Chrome', pattern: /(?:Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\// },
];

const SYSTEMS: Rule[] = [
  { name: 'Windows', pattern: /Windows NT/ },
  { name: 'Android', pattern: /Android/ },
  { name: 'iOS', pattern: /iPhone|iPad|iPod/ },
  { name: 'ChromeOS', pattern: /CrOS/ },
  { name: 'macOS', pattern: /Mac OS X|Macintosh/ },
  { name: 'Linux', pattern: /Linux/ },
];

const UNKNOWN = 'Unknown';

/** `{ os: "Windows", browser: "Edge 142" }` from a user-agent string; "Unknown" where it cannot tell. */
export function describeUserAgent(userAgent: string): { os: string; browser: string } {
  const os = SYSTEMS.find((rule) => rule.pattern.test(userAgent))?.name ?? UNKNOWN;
  for (const rule of BROWSERS) {
    const match = rule.pattern.exec(userAgent);
    if (match) return { os, browser: `${rule.name} ${match[1]}` };
  }
  return { os, browser: UNKNOWN };
}
