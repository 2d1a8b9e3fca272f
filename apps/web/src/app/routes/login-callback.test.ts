import { describe, expect, it } from 'vitest';
import { resolveRedirectUrl } from './login-callback.ts';

const https = {
  protocol: 'https:',
  host: 'portal.example.com',
  origin: 'https://portal.example.com',
};
const http = { protocol: 'http:', host: 'localhost:3000', origin: 'http://localhost:3000' };

describe('resolveRedirectUrl', () => {
  it.each([
    [
      'https://portal.example.com/learn/courses?x=1#top',
      'https://portal.example.com/learn/courses?x=1#top',
    ],
    ['https://portal.example.com/platform', 'https://portal.example.com/platform'],
    ['/learn/profile', 'https://portal.example.com/learn/profile'],
  ])('follows %s on the same host over https', (value, expected) => {
    expect(resolveRedirectUrl(value, https)).toBe(expected);
  });

  it.each([
    ['http://portal.example.com/learn/courses'],
    ['https://evil.example.com/learn'],
    ['https://portal.example.com.evil.com/'],
    ['https://portal.example.com:8443/learn'],
    ['//evil.example.com/learn'],
    ['/\\evil.example.com'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['http://[::1'],
  ])('sends %s to the client root', (value) => {
    expect(resolveRedirectUrl(value, https)).toBe('https://portal.example.com/learn/');
  });

  it('goes to the client root without a redirectUrl', () => {
    expect(resolveRedirectUrl(null, https)).toBe('https://portal.example.com/learn/');
    expect(resolveRedirectUrl('', https)).toBe('https://portal.example.com/learn/');
  });

  it('accepts only the same origin when the app itself is on http', () => {
    expect(resolveRedirectUrl('http://localhost:3000/learn/courses', http)).toBe(
      'http://localhost:3000/learn/courses',
    );
    expect(resolveRedirectUrl('http://localhost:4000/learn/courses', http)).toBe(
      'http://localhost:3000/learn/',
    );
    expect(resolveRedirectUrl('http://other/learn', http)).toBe('http://localhost:3000/learn/');
    expect(resolveRedirectUrl('https://localhost:3000/learn', http)).toBe(
      'http://localhost:3000/learn/',
    );
  });
});
