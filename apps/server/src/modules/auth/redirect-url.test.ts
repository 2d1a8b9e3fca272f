import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeRedirectUrl } from './redirect-url.ts';

const HTTPS_PORTAL = 'https://portal.example.com';
const HTTP_PORTAL = 'http://localhost:3000';

describe('sanitizeRedirectUrl on an https portal', () => {
  const fallback = 'https://portal.example.com/learn';
  const sanitize = (value: unknown) => sanitizeRedirectUrl(value, HTTPS_PORTAL);

  it.each([
    ['/learn/courses', 'https://portal.example.com/learn/courses'],
    [
      '/learn/courses?objectiveId=1&occflow=startTheCourse#chat',
      'https://portal.example.com/learn/courses?objectiveId=1&occflow=startTheCourse#chat',
    ],
    ['https://portal.example.com/learn/catalog', 'https://portal.example.com/learn/catalog'],
    ['HTTPS://PORTAL.example.com/learn', 'https://portal.example.com/learn'],
    ['https://portal.example.com:443/learn', 'https://portal.example.com/learn'],
    [
      '/learn/courses?keyword=data%20science',
      'https://portal.example.com/learn/courses?keyword=data%20science',
    ],
  ])('keeps the same-origin target %s', (input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'https://evil.example/learn',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript://portal.example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://portal.example.com/learn',
    'https://portal.example.com:8443/learn',
    'https://portal.example.com.evil.example/learn',
    'https://portal.example.com@evil.example/learn',
    'https://user:pass@portal.example.com/learn',
    ' https://portal.example.com/learn',
    '/learn /x',
    '\t/learn',
    '/\t/evil.example',
    '/\n/evil.example',
    '/learn%00',
    '/learn%0d%0aSet-Cookie:x=1',
    'learn/courses',
    'portal.example.com/learn',
    '?redirect=1',
    '#hash',
    '%',
    '',
    `/${'a'.repeat(3000)}`,
  ])('falls back to the client root for %j', (input) => {
    expect(sanitize(input)).toBe(fallback);
  });

  it.each([undefined, null, 42, {}, ['/learn']])('falls back for the non-string %j', (input) => {
    expect(sanitize(input)).toBe(fallback);
  });
});

describe('sanitizeRedirectUrl on a plain-http portal', () => {
  const sanitize = (value: unknown) => sanitizeRedirectUrl(value, HTTP_PORTAL);

  it('accepts only the same origin', () => {
    expect(sanitize('http://localhost:3000/learn/courses')).toBe(
      'http://localhost:3000/learn/courses',
    );
    expect(sanitize('/learn/profile')).toBe('http://localhost:3000/learn/profile');
    expect(sanitize('https://localhost:3000/learn')).toBe('http://localhost:3000/learn');
    expect(sanitize('http://localhost:3001/learn')).toBe('http://localhost:3000/learn');
    expect(sanitize('http://127.0.0.1:3000/learn')).toBe('http://localhost:3000/learn');
  });
});

describe('sanitizeRedirectUrl properties', () => {
  const hostile = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.webUrl(),
    fc
      .constantFrom(
        '/',
        '//',
        '/\\',
        '%2F',
        '%5C',
        'https:',
        'javascript:',
        '@',
        'evil.example',
        '\t',
        '..',
      )
      .chain((piece) =>
        fc
          .array(fc.oneof(fc.constant(piece), fc.string({ maxLength: 4 })), { maxLength: 8 })
          .map((parts) => parts.join('')),
      ),
  );

  it('always answers an absolute URL on the portal origin', () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(HTTPS_PORTAL, HTTP_PORTAL), (input, portal) => {
        const result = new URL(sanitizeRedirectUrl(input, portal));
        expect(result.origin).toBe(new URL(portal).origin);
        expect(result.username).toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every plain same-origin path unchanged', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(sanitizeRedirectUrl(path, HTTPS_PORTAL)).toBe(`${HTTPS_PORTAL}${path}`);
      }),
    );
  });
});
