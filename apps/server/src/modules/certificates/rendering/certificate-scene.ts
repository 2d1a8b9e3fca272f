// What a certificate page shows, laid out once as primitives in points (A4 landscape) so that the PDF and the
// PNG painters draw exactly the same thing.
import { intlLocaleOf, isLocale, localeDirection, type Locale } from '@portal/contracts';
import { serverTranslator } from '../../../i18n/server-i18n.ts';
import { fitLine, shapeLine, type ShapedLine } from './text-lines.ts';

export const PAGE_WIDTH = 842;
export const PAGE_HEIGHT = 595;

export interface CertificateContent {
  certificateNumber: string;
  holderName: string;
  objectiveName: string;
  objectiveCode: string | null;
  issuerName: string;
  issued: string;
  expirationDate: string | null;
  /** The language of the certificate's own texts (a portal locale; en-US when unknown). */
  language: string;
  verifyUrl: string;
  template: {
    layout: string;
    primaryColor: string;
    accentColor: string;
    logoSvg: string | null;
    signatoryName: string | null;
    signatoryTitle: string | null;
  };
}

export type Primitive =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      fill?: string;
      stroke?: string;
      lineWidth?: number;
    }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; width: number }
  | { kind: 'text'; line: ShapedLine; x: number; baseline: number; color: string }
  | { kind: 'logo'; svg: string; x: number; y: number; width: number; height: number };

export interface CertificateScene {
  title: string;
  language: Locale;
  primitives: Primitive[];
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const INK = '#222222';
const MUTED = '#555555';

/** A template colour, or the fallback when it is not a plain #rrggbb (it goes into SVG and PDF as is). */
const colour = (value: string, fallback: string) => (HEX_COLOUR.test(value) ? value : fallback);

export function buildCertificateScene(content: CertificateContent): CertificateScene {
  const language: Locale = isLocale(content.language) ? content.language : 'en-US';
  const { t } = serverTranslator(language, 'certificates');
  const rtl = localeDirection(language) === 'rtl';
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  const primary = colour(content.template.primaryColor, '#1c3f6e');
  const accent = colour(content.template.accentColor, '#b08d2e');
  const primitives: Primitive[] = [
    { kind: 'rect', x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT, fill: '#ffffff' },
  ];
  const centred = (line: ShapedLine, baseline: number, color: string) =>
    primitives.push({ kind: 'text', line, x: (PAGE_WIDTH - line.width) / 2, baseline, color });

  if (content.template.layout === 'modern') {
    primitives.push({ kind: 'rect', x: 0, y: 0, width: PAGE_WIDTH, height: 24, fill: primary });
    primitives.push({
      kind: 'rect',
      x: 0,
      y: PAGE_HEIGHT - 24,
      width: PAGE_WIDTH,
      height: 24,
      fill: accent,
    });
  } else {
    primitives.push({
      kind: 'rect',
      x: 18,
      y: 18,
      width: PAGE_WIDTH - 36,
      height: PAGE_HEIGHT - 36,
      stroke: primary,
      lineWidth: 6,
    });
    primitives.push({
      kind: 'rect',
      x: 30,
      y: 30,
      width: PAGE_WIDTH - 60,
      height: PAGE_HEIGHT - 60,
      stroke: accent,
      lineWidth: 1.5,
    });
  }
  if (content.template.logoSvg) {
    primitives.push({
      kind: 'logo',
      svg: content.template.logoSvg,
      x: PAGE_WIDTH / 2 - 30,
      y: 48,
      width: 60,
      height: 60,
    });
  }

  const maxWidth = PAGE_WIDTH - 160;
  centred(fitLine(t('certificates', 'title'), 34, 700, maxWidth), 150, primary);
  centred(shapeLine(t('certificates', 'presentedTo'), 14, 400), 198, MUTED);
  centred(fitLine(content.holderName, 36, 700, maxWidth, 14), 252, INK);
  primitives.push({
    kind: 'line',
    x1: PAGE_WIDTH / 2 - 210,
    y1: 268,
    x2: PAGE_WIDTH / 2 + 210,
    y2: 268,
    color: accent,
    width: 1,
  });
  centred(shapeLine(t('certificates', 'completed'), 14, 400), 302, MUTED);
  centred(fitLine(content.objectiveName, 24, 700, maxWidth, 11), 342, primary);
  if (content.objectiveCode) centred(shapeLine(content.objectiveCode, 12, 400), 364, MUTED);

  // Dates on the reading-start side, the signature on the other.
  const start = (line: ShapedLine) => (rtl ? PAGE_WIDTH - 90 - line.width : 90);
  const dates = [
    shapeLine(t('certificates', 'issuedBy', { issuer: content.issuerName }), 12, 400),
    shapeLine(t('certificates', 'issuedOn', { date: date(content.issued) }), 12, 400),
    ...(content.expirationDate
      ? [
          shapeLine(
            t('certificates', 'validUntil', { date: date(content.expirationDate) }),
            12,
            400,
          ),
        ]
      : []),
  ];
  dates.forEach((line, index) =>
    primitives.push({ kind: 'text', line, x: start(line), baseline: 450 + index * 20, color: INK }),
  );
  if (content.template.signatoryName) {
    const centre = rtl ? 200 : PAGE_WIDTH - 200;
    primitives.push({
      kind: 'line',
      x1: centre - 110,
      y1: 462,
      x2: centre + 110,
      y2: 462,
      color: INK,
      width: 0.75,
    });
    const name = fitLine(content.template.signatoryName, 12, 700, 220);
    primitives.push({
      kind: 'text',
      line: name,
      x: centre - name.width / 2,
      baseline: 480,
      color: INK,
    });
    if (content.template.signatoryTitle) {
      const title = fitLine(content.template.signatoryTitle, 10, 400, 220);
      primitives.push({
        kind: 'text',
        line: title,
        x: centre - title.width / 2,
        baseline: 495,
        color: MUTED,
      });
    }
  }
  centred(
    fitLine(
      t('certificates', 'numberAndVerification', {
        number: content.certificateNumber,
        url: content.verifyUrl,
      }),
      9,
      400,
      maxWidth,
    ),
    PAGE_HEIGHT - 45,
    MUTED,
  );
  return {
    title: `${t('certificates', 'title')}: ${content.holderName} · ${content.objectiveName}`,
    language,
    primitives,
  };
}
