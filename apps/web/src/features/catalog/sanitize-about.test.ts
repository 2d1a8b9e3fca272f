import { describe, expect, it } from 'vitest';
import { sanitizeAbout } from './sanitize-about.ts';

describe('sanitizeAbout', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeAbout(
      '<p onclick="steal()">Hello <a href="javascript:alert(1)">link</a></p><script>steal()</script>' +
        '<img src="x" onerror="steal()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<p>Hello <a>link</a></p>');
    expect(html).toContain('<img src="x">');
  });

  it('keeps formatting and demotes authored headings below the page headings', () => {
    const html = sanitizeAbout(
      '<h1 class="t">Goals</h1><h2>Week 1</h2><h5>Note</h5><ul><li><b>SQL</b></li></ul>',
    );
    expect(html).toBe(
      '<h3 class="t">Goals</h3><h4>Week 1</h4><h6>Note</h6><ul><li><b>SQL</b></li></ul>',
    );
  });

  it('returns nothing for empty or invisible content', () => {
    expect(sanitizeAbout(null)).toBe('');
    expect(sanitizeAbout('  ')).toBe('');
    expect(sanitizeAbout('<p> </p><script>x()</script>')).toBe('');
  });
});
