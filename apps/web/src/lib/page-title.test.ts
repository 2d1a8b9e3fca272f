import { describe, expect, it } from 'vitest';
import { joinPageTitle } from './page-title.ts';

describe('joinPageTitle', () => {
  it('is the product name alone by default', () => {
    expect(joinPageTitle()).toBe('Learner portal');
  });

  it('joins the parts with " | " and ends with the product name', () => {
    expect(joinPageTitle('Algebra', 'My courses')).toBe('Algebra | My courses | Learner portal');
  });

  it('skips empty and missing parts and trims', () => {
    expect(joinPageTitle(undefined, '  Profile ', '', null)).toBe('Profile | Learner portal');
  });
});
