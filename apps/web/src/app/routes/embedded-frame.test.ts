import { describe, expect, it } from 'vitest';
import { frameMessageFor } from './embedded-frame.tsx';

describe('frameMessageFor', () => {
  it.each([
    ['?logout=1', { type: 'logout' }],
    ['?relogin', { type: 'relogin' }],
    ['?navigate=%2Flearn%2Fcourses', { type: 'navigate', url: '/learn/courses' }],
    ['?redirectUrl=%2Flearn%2Fprofile', { type: 'redirect', url: '/learn/profile' }],
    ['', { type: 'redirect', url: '/learn/' }],
  ])('%s', (search, expected) => {
    expect(frameMessageFor(new URLSearchParams(search), '/learn/')).toEqual(expected);
  });
});
