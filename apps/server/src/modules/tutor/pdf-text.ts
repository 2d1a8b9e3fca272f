// The text of the PDFs a course's HTML links or embeds, for the tutor's index (docs/decisions/0024). Only PDFs
// the portal serves itself are read — files of the web app under /learn/, from disk — never a URL fetched over
// the network (no SSRF), and only up to PDF_MAX_BYTES and PDF_MAX_PAGES. pdf.js (legacy build, the web app's
// pinned version) extracts the text without a browser.
import { readFile, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { WEB_BASE } from '../../http/spa.routes.ts';

/** Larger PDFs are not indexed. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Pages after this many are not indexed. */
export const PDF_MAX_PAGES = 200;

/** A PDF the course links to: its portal path and the link's text (empty for embeds). */
export interface PdfLink {
  path: string;
  label: string;
}

/** Reads a PDF the portal serves, by its path (`/learn/…`), as text; null when it is not one. */
export type PdfTextReader = (path: string) => Promise<string | null>;

/**
 * The portal-served PDFs the HTML links (`<a href>`) or embeds (`src`, `data`), in document order, each once.
 * Absolute URLs, protocol-relative ones and paths outside /learn/ are left out.
 */
export function pdfLinks(html: string): PdfLink[] {
  const links: PdfLink[] = [];
  const attribute =
    /<(a|iframe|embed|object)\b[^>]*?\b(?:href|src|data)\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/gi;
  for (const match of html.matchAll(attribute)) {
    const raw = (match[2] ?? match[3] ?? '').replaceAll('&amp;', '&');
    const path = raw.split(/[?#]/)[0]!;
    if (!path.startsWith(`${WEB_BASE}/`) || !/\.pdf$/i.test(path)) continue;
    if (links.some((link) => link.path === path)) continue;
    // A link's text, up to its end tag.
    const after = match.index + match[0].length;
    const end = match[1]!.toLowerCase() === 'a' ? html.slice(after).search(/<\/a\s*>/i) : -1;
    const label = (end < 0 ? '' : html.slice(after, after + end))
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    links.push({ path, label });
  }
  return links;
}

let pdfjs: Promise<typeof PdfJs> | undefined;

function loadPdfjs() {
  // pdf.js 6 uses Promise.withResolvers (Node 22); the portal supports Node 20.19, which lacks it.
  if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      writable: true,
      value: function withResolvers<T>() {
        let resolvePromise!: (value: T | PromiseLike<T>) => void;
        let rejectPromise!: (reason?: unknown) => void;
        const promise = new Promise<T>((res, rej) => {
          resolvePromise = res;
          rejectPromise = rej;
        });
        return { promise, resolve: resolvePromise, reject: rejectPromise };
      },
    });
  }
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** The text of a PDF, a line per text line of the document. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, PDF_MAX_PAGES); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        } else if (item.str !== '' && !line.endsWith(' ')) line += ' ';
      }
      lines.push(line);
      page.cleanup();
    }
    return lines
      .map((text) => text.replace(/\s+/g, ' ').trim())
      .filter((text) => text !== '')
      .join('\n');
  } finally {
    await task.destroy();
  }
}

/**
 * A reader of the PDFs under the web app's folder (what the portal serves at /learn/). The path is decoded and
 * resolved inside the folder (no `..` or symlink way out); missing, unreadable, too large or broken files are
 * null.
 */
export function webAppPdfReader(webRoot: string): PdfTextReader {
  return async (path) => {
    if (!path.startsWith(`${WEB_BASE}/`)) return null;
    let relative: string;
    try {
      relative = decodeURIComponent(path.slice(WEB_BASE.length + 1));
    } catch {
      return null;
    }
    if (relative.includes('\0')) return null;
    try {
      const root = await realpath(webRoot);
      const file = await realpath(resolve(root, relative));
      if (!file.startsWith(root + sep)) return null;
      const info = await stat(file);
      if (!info.isFile() || info.size > PDF_MAX_BYTES) return null;
      return await pdfText(new Uint8Array(await readFile(file)));
    } catch {
      return null;
    }
  };
}
