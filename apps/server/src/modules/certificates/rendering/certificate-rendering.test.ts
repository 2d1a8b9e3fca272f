// Certificates render in every script the portal's learners write their names in: the PDF's extracted text
// (poppler's pdftotext, as a reader's copy-and-paste would) gives each name back exactly, and the PNG is a
// real image of the page's size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCertificateScene, type CertificateContent } from './certificate-scene.ts';
import { renderPdf } from './pdf-painter.ts';
import { PNG_HEIGHT, PNG_WIDTH, renderPng } from './svg-painter.ts';

const NAMES: Record<string, string> = {
  'Latin with diacritics': 'Zoë Łukasiewicz-Ñúñez Dvořák',
  Cyrillic: 'Анна Кузнецова',
  Greek: 'Ευάγγελος Παπαδόπουλος',
  Chinese: '王小明',
  Japanese: '山田 花子',
  Arabic: 'محمد عبد الله',
  Hebrew: 'שרה כהן',
  Devanagari: 'प्रिया शर्मा',
  Tamil: 'கிருஷ்ணன் சுப்பிரமணியம்',
  Thai: 'สมชาย ใจดี',
};

const content = (holderName: string, overrides: Partial<CertificateContent> = {}) => ({
  certificateNumber: '7KQ2-M9XD-4HTB-Z0RW',
  holderName,
  objectiveName: 'Safety at Work',
  objectiveCode: 'SAF-101',
  issuerName: 'Acme Academy',
  issued: '2026-03-15T12:00:00.000Z',
  expirationDate: '2027-03-15T12:00:00.000Z',
  language: 'en-US',
  verifyUrl: 'https://portal.example.org/learn/certificate/7KQ2-M9XD-4HTB-Z0RW',
  template: {
    layout: 'classic',
    primaryColor: '#1c3f6e',
    accentColor: '#b08d2e',
    logoSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#b08d2e"/></svg>',
    signatoryName: 'Ada Lovelace',
    signatoryTitle: 'Director of Studies',
  },
  ...overrides,
});

const dir = mkdtempSync(join(tmpdir(), 'certificate-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext extracts it, one trimmed line per entry. */
function extractedLines(pdf: Buffer): string[] {
  const file = join(dir, `c-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return (
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\n')
      // pdftotext wraps right-to-left text in embedding marks (RLE … PDF): formatting, not text.
      .map((line) => line.replace(/[\u202A-\u202E]/g, '').trim())
      .filter((line) => line !== '')
  );
}

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('certificate rendering', () => {
  it.each(Object.entries(NAMES))('puts a %s name into the PDF as text', async (_script, name) => {
    const scene = buildCertificateScene(content(name));
    const pdf = await renderPdf(scene, { author: 'Acme Academy', created: new Date('2026-03-15') });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Fonts are embedded (subset), not referenced.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(extractedLines(pdf)).toContain(name);
  });

  it('writes the course title and its own texts in the certificate’s language', async () => {
    const scene = buildCertificateScene(
      content('Иван Петров', { objectiveName: 'Охрана труда', language: 'ru-RU' }),
    );
    const lines = extractedLines(
      await renderPdf(scene, { author: 'Acme Academy', created: new Date('2026-03-15') }),
    );
    expect(lines).toContain('Охрана труда');
    expect(lines).toContain('Иван Петров');
  });

  it('puts the name into a certificate written right to left', async () => {
    const scene = buildCertificateScene(content(NAMES.Arabic!, { language: 'ar-AR' }));
    const lines = extractedLines(
      await renderPdf(scene, { author: 'Acme Academy', created: new Date('2026-03-15') }),
    );
    expect(lines).toContain(NAMES.Arabic);
    expect(lines).toContain('شهادة إتمام');
  });

  it('renders a PNG of the page at the expected size', () => {
    for (const name of [NAMES.Arabic!, NAMES.Chinese!]) {
      const png = renderPng(buildCertificateScene(content(name)));
      expect(pngSize(png)).toEqual({ width: PNG_WIDTH, height: PNG_HEIGHT });
      expect(png.length).toBeGreaterThan(10_000);
    }
  });
});
