import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './rich-html.ts';

const headingsOf = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return Array.from(div.querySelectorAll('h1, h2, h3, h4, h5, h6')).map(
    (h) => `${h.tagName.toLowerCase()}:${h.textContent}`,
  );
};

describe('sanitizeRichHtml', () => {
  it.each([
    ['<h1>A</h1><h2>B</h2>', ['h3:A', 'h4:B']],
    ['<h2>A</h2><h3>B</h3><h2>C</h2>', ['h3:A', 'h4:B', 'h3:C']],
    ['<h4>A</h4><h6>B</h6>', ['h3:A', 'h5:B']],
    ['<h1>A</h1><h6>B</h6>', ['h3:A', 'h6:B']],
  ])('puts the highest authored heading of %s right below the page headings', (html, expected) => {
    expect(headingsOf(sanitizeRichHtml(html, { headingsStartAt: 3 }))).toEqual(expected);
  });

  it('removes active content and keeps new-tab links from reaching back', () => {
    const safe = sanitizeRichHtml(
      '<p onclick="alert(1)">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.com" target="_blank">y</a></p><script>alert(1)</script>',
      { headingsStartAt: 3 },
    );
    expect(safe).not.toMatch(/onclick|javascript:|<script/);
    expect(safe).toContain('rel="noopener noreferrer"');
  });

  it('returns an empty string when nothing visible remains', () => {
    expect(sanitizeRichHtml('<script>alert(1)</script>  ', { headingsStartAt: 3 })).toBe('');
    expect(sanitizeRichHtml(null, { headingsStartAt: 3 })).toBe('');
  });
});
