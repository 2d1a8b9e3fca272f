import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './browser-support.ts';

const agents = {
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
  edgeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  safariDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 EdgA/130.0.0.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('isSupportedBrowser', () => {
  it.each([
    ['chromeDesktop', true],
    ['headlessChromium', true],
    ['edgeDesktop', true],
    ['safariDesktop', true],
    ['firefoxDesktop', false],
    ['chromeAndroid', true],
    ['safariIphone', true],
    ['edgeAndroid', false],
    ['samsungAndroid', false],
  ] as const)('%s → %s', (agent, expected) => {
    expect(isSupportedBrowser({ userAgent: agents[agent] })).toBe(expected);
  });

  it('trusts client hints: Debian Chromium reports only "Chromium"', () => {
    const userAgentData = {
      brands: [{ brand: 'Chromium' }, { brand: 'Not=A?Brand' }],
      mobile: false,
    };
    expect(isSupportedBrowser({ userAgent: agents.headlessChromium, userAgentData })).toBe(true);
  });

  it('rejects Opera even though its user agent says Chrome', () => {
    const userAgentData = { brands: [{ brand: 'Opera' }, { brand: 'Chromium' }], mobile: false };
    expect(
      isSupportedBrowser({ userAgent: `${agents.chromeDesktop} OPR/112.0`, userAgentData }),
    ).toBe(false);
  });
});
