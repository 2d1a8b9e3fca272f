#!/usr/bin/env node
// Writes the demo syllabus PDF of "Data Literacy Essentials" (apps/web/public/demo): two pages of plain text,
// built by hand so the demo needs no PDF library. Run `node scripts/make-demo-pdf.mjs` and commit the output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const OUTPUT = resolve(import.meta.dirname, '../apps/web/public/demo/data-literacy-syllabus.pdf');

/** Each page: a title and its lines of body text. */
const PAGES = [
  {
    title: 'Data Literacy Essentials \u2014 Syllabus',
    lines: [
      'Read tables and charts critically, ask questions data can answer,',
      'and share what you find with confidence.',
      '',
      'Module 1: Reading data',
      'Module 2: Asking good questions',
      'Module 3: Sharing findings',
      '',
      'Each module ends with a short self-check. The course takes about two hours.',
    ],
  },
  {
    title: 'Week plan',
    lines: [
      'Week 1: What data is; tables and charts.',
      'Week 2: Framing a question; further reading on bias in data.',
      'Week 3: Telling the story; self-check of your data habits.',
      '',
      'Use the practice worksheet to try each exercise.',
    ],
  },
];

// The standard Helvetica font with WinAnsiEncoding: one byte per character, so text is written as latin1
// bytes after mapping the few characters WinAnsi places outside Latin-1 (the em dash is 0x97).
const WIN_ANSI = new Map([['\u2014', 0x97]]);

function pdfString(text) {
  let result = '(';
  for (const char of text) {
    const code = WIN_ANSI.get(char) ?? char.codePointAt(0);
    if (code > 0xff) throw new Error(`Character ${char} cannot be written in WinAnsi`);
    if (char === '(' || char === ')' || char === '\\') result += `\\${char}`;
    else if (code < 0x20 || code > 0x7e) result += `\\${code.toString(8).padStart(3, '0')}`;
    else result += char;
  }
  return `${result})`;
}

function pageContent({ title, lines }) {
  const body = lines.map((line) => `${pdfString(line)} Tj T*`).join('\n');
  return [
    'BT',
    '/F1 22 Tf',
    '72 760 Td',
    `${pdfString(title)} Tj`,
    'ET',
    'BT',
    '/F1 12 Tf',
    '16 TL',
    '72 720 Td',
    body,
    'ET',
  ].join('\n');
}

/** Objects in order; object n is objects[n - 1]. */
const objects = [];
const add = (body) => {
  objects.push(body);
  return objects.length;
};

const catalog = add(null);
const pagesId = add(null);
const font = add(
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
);
const pageIds = PAGES.map((page) => {
  const content = pageContent(page);
  const stream = add(
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  );
  return add(
    `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
  );
});
objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
objects[pagesId - 1] =
  `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

// The cross-reference table gives each object's byte offset, so the file is assembled as bytes.
let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = objects.map((body, index) => {
  const offset = Buffer.byteLength(pdf, 'latin1');
  pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  return offset;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, Buffer.from(pdf, 'latin1'));
console.log(`Wrote ${OUTPUT} (${Buffer.byteLength(pdf, 'latin1')} bytes, ${PAGES.length} pages)`);
