import { describe, expect, it } from 'vitest';
import { sanitizeAboutHtml } from './about-html.ts';

const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

describe('sanitizeAboutHtml', () => {
  it('removes scripts, event handlers and javascript: links, keeping the text', () => {
    const html = sanitizeAboutHtml(
      '<p onclick="steal()">Welcome<script>steal()</script></p><img src="x" onerror="steal()"><a href="javascript:steal()">go</a><iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(parse(html).textContent).toContain('Welcome');
    expect(parse(html).querySelector('img')?.getAttribute('src')).toBe('x');
  });

  it('nests the content headings under the "About" heading, so the page keeps one h1', () => {
    const content = parse(
      sanitizeAboutHtml('<h1 id="top">Overview</h1><h2>Goals</h2><h5>Deep</h5>'),
    );
    expect(content.querySelector('h1')).toBeNull();
    expect(content.querySelector('h3')?.textContent).toBe('Overview');
    expect(content.querySelector('h3')?.id).toBe('top');
    expect(content.querySelector('h4')?.textContent).toBe('Goals');
    expect(content.querySelector('h6')?.textContent).toBe('Deep');
  });

  it('keeps links that open a new tab but cuts their way back to this page', () => {
    const link = parse(
      sanitizeAboutHtml('<a href="https://example.com/syllabus" target="_blank">Syllabus</a>'),
    ).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/syllabus');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
