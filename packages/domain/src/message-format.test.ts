import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messageContentSchema, type MessageContent, type MessageInline } from '@portal/contracts';
import { parseMessageText, safeLinkHref } from './message-format.ts';

const inlines = (content: MessageContent): MessageInline[] =>
  content.flatMap((block) => (block.type === 'paragraph' ? block.children : block.items.flat()));

const plainText = (content: MessageContent): string =>
  inlines(content)
    .map((node) => (node.type === 'break' ? '\n' : node.text))
    .join('');

describe('parseMessageText', () => {
  it('parses the subset into paragraphs, lists and inline nodes', () => {
    expect(
      parseMessageText(
        'Hello **all**, read _this_ and `npm test`\nsee [docs](https://example.com/a?b=1)\n\n- one\n- two',
      ),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Hello ' },
          { type: 'strong', text: 'all' },
          { type: 'text', text: ', read ' },
          { type: 'emphasis', text: 'this' },
          { type: 'text', text: ' and ' },
          { type: 'code', text: 'npm test' },
          { type: 'break' },
          { type: 'text', text: 'see ' },
          { type: 'link', text: 'docs', href: 'https://example.com/a?b=1' },
        ],
      },
      {
        type: 'list',
        items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]],
      },
    ]);
  });

  it('keeps HTML and unsafe links as literal text', () => {
    const attempts = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[x](data:text/html,<script>alert(1)</script>)',
      '[x](vbscript:msgbox)',
      '[x]( javascript:alert(1))',
    ];
    for (const text of attempts) {
      const content = parseMessageText(text);
      expect(inlines(content).every((node) => node.type === 'text')).toBe(true);
      expect(plainText(content)).toBe(text);
    }
  });

  it('does not treat underscores inside words as emphasis', () => {
    expect(parseMessageText('snake_case_name')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'snake_case_name' }] },
    ]);
  });

  it('allows only http, https and mailto links', () => {
    expect(safeLinkHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeLinkHref('HTTPS://Example.com')).toBe('https://example.com/');
    expect(safeLinkHref('javascript:alert(1)')).toBeUndefined();
    expect(safeLinkHref('//example.com')).toBeUndefined();
    expect(safeLinkHref('https://exa mple.com')).toBeUndefined();
  });

  it('never produces a node outside the schema or a link with another scheme', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              '**',
              '_',
              '`',
              '[',
              '](',
              ')',
              '\n',
              '- ',
              'javascript:',
              'https://a.example/',
              'mailto:',
              'data:',
              '<script>',
              ' ',
            ),
          ),
        ),
        (parts) => {
          const content = parseMessageText(parts.join(''));
          expect(messageContentSchema.parse(content)).toEqual(content);
          for (const node of inlines(content))
            if (node.type === 'link') expect(node.href).toMatch(/^(https?:\/\/|mailto:)/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps every character of text without markup', () => {
    fc.assert(
      fc.property(
        fc
          .string()
          .filter((text) => !/[*_`[\n\r]/.test(text) && text.trim() === text && text !== ''),
        (text) => {
          expect(plainText(parseMessageText(text))).toBe(
            text.startsWith('- ') ? text.slice(2) : text,
          );
        },
      ),
    );
  });
});
