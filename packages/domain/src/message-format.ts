// The formatting subset of channel messages (docs/decisions/0023), parsed by the server (to answer `content`)
// and usable by the client on the same text: **strong**, _emphasis_, `code`, [text](https://…) links
// (http, https and mailto only), line breaks, blank-line paragraphs and "- " list items. Anything else,
// HTML included, stays literal text: the output is data for a renderer that never interprets HTML.
import type { MessageBlock, MessageContent, MessageInline } from '@portal/contracts';

const ALLOWED_LINK = /^(?:https?:\/\/|mailto:)[^\s<>"'`()[\]\\]+$/i;
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const LIST_ITEM = /^- /;

/** The link's address in canonical form when it is an allowed http, https or mailto URL; else undefined. */
export function safeLinkHref(raw: string): string | undefined {
  if (!ALLOWED_LINK.test(raw)) return undefined;
  try {
    const url = new URL(raw);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{N}_]/u.test(character);

function pushText(nodes: MessageInline[], text: string): void {
  if (text.length === 0) return;
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.text += text;
  else nodes.push({ type: 'text', text });
}

/** One line's inline nodes (no line breaks inside). */
export function parseInline(line: string): MessageInline[] {
  const nodes: MessageInline[] = [];
  let i = 0;
  while (i < line.length) {
    const character = line[i]!;
    if (character === '`') {
      const end = line.indexOf('`', i + 1);
      if (end > i + 1) {
        nodes.push({ type: 'code', text: line.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (character === '*' && line[i + 1] === '*') {
      const end = line.indexOf('**', i + 2);
      if (end > i + 2) {
        nodes.push({ type: 'strong', text: line.slice(i + 2, end) });
        i = end + 2;
        continue;
      }
    } else if (character === '_' && !isWordCharacter(line[i - 1])) {
      const end = line.indexOf('_', i + 1);
      if (end > i + 1 && !isWordCharacter(line[end + 1])) {
        nodes.push({ type: 'emphasis', text: line.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (character === '[') {
      const close = line.indexOf('](', i + 1);
      const end = close === -1 ? -1 : line.indexOf(')', close + 2);
      if (close > i + 1 && end !== -1) {
        const href = safeLinkHref(line.slice(close + 2, end));
        if (href !== undefined) {
          nodes.push({ type: 'link', text: line.slice(i + 1, close), href });
          i = end + 1;
          continue;
        }
      }
    }
    pushText(nodes, character);
    i += 1;
  }
  return nodes;
}

/** A message's text as paragraphs and lists of inline nodes; blank text gives no blocks. */
export function parseMessageText(text: string): MessageContent {
  const blocks: MessageBlock[] = [];
  let paragraph: MessageInline[] | undefined;
  let list: MessageInline[][] | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim().length === 0) {
      paragraph = undefined;
      list = undefined;
    } else if (LIST_ITEM.test(line)) {
      paragraph = undefined;
      if (!list) {
        list = [];
        blocks.push({ type: 'list', items: list });
      }
      list.push(parseInline(line.slice(2)));
    } else {
      list = undefined;
      if (paragraph) paragraph.push({ type: 'break' });
      else {
        paragraph = [];
        blocks.push({ type: 'paragraph', children: paragraph });
      }
      paragraph.push(...parseInline(line));
    }
  }
  return blocks;
}
