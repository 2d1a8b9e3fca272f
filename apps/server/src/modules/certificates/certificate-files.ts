// A certificate's PDF and PNG: rendered on first request, stored in the database, then served as stored
// (a certificate says what it said when it was issued, whatever later changes to fonts or templates).
import { buildCertificateScene } from './rendering/certificate-scene.ts';
import { renderPdf } from './rendering/pdf-painter.ts';
import { renderPng } from './rendering/svg-painter.ts';
import type { CertificateRow, CertificatesRepository } from './certificates.repository.ts';
import { bakeIntoPng } from './png-baking.ts';

export type CertificateFileKind = 'pdf' | 'png';

export const CONTENT_TYPES: Record<CertificateFileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
};

/** The public page a certificate links to, where anyone can check it. */
export function verificationUrl(publicUrl: string, certificateNumber: string): string {
  return `${publicUrl.replace(/\/$/, '')}/learn/certificate/${encodeURIComponent(certificateNumber)}`;
}

interface RenderOptions {
  publicUrl: string;
  /** The signed credential (VC-JWT), baked into the PNG. */
  credentialJwt: () => Promise<string>;
}

async function render(row: CertificateRow, kind: CertificateFileKind, options: RenderOptions) {
  const { publicUrl } = options;
  const scene = buildCertificateScene({
    certificateNumber: row.certificateNumber,
    holderName: row.holderName,
    objectiveName: row.objectiveName,
    objectiveCode: row.objectiveCode,
    issuerName: row.issuerName,
    issued: row.created,
    expirationDate: row.expirationDate,
    language: row.language,
    verifyUrl: verificationUrl(publicUrl, row.certificateNumber),
    template: {
      layout: row.layout,
      primaryColor: row.primaryColor,
      accentColor: row.accentColor,
      logoSvg: row.logoSvg,
      signatoryName: row.signatoryName,
      signatoryTitle: row.signatoryTitle,
    },
  });
  return kind === 'pdf'
    ? renderPdf(scene, { author: row.issuerName, created: new Date(row.created) })
    : bakeIntoPng(renderPng(scene), await options.credentialJwt());
}

/** The stored file, rendered and stored first when it is asked for the first time. */
export async function certificateFile(
  repository: CertificatesRepository,
  row: CertificateRow,
  kind: CertificateFileKind,
  options: RenderOptions & { now: Date },
): Promise<Buffer> {
  const stored = await repository.findFile(row.id, kind);
  if (stored) return stored;
  const rendered = await render(row, kind, options);
  await repository.saveFile(row.id, kind, rendered, options.now.toISOString());
  // Two first requests at once both render; the first stored copy is the one every later request gets.
  return (await repository.findFile(row.id, kind)) ?? rendered;
}

/** "Certificate-7KQ2-M9XD-4HTB-Z0RW.pdf": the name a browser saves the file under. */
export function downloadFileName(
  row: Pick<CertificateRow, 'certificateNumber'>,
  kind: CertificateFileKind,
) {
  return `Certificate-${row.certificateNumber}.${kind}`;
}
