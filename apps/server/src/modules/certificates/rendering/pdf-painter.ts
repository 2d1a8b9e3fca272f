// Paints a certificate scene as a one-page PDF with pdfkit: vector shapes and real text in the embedded
// (subset) Noto fonts. Each line is marked with its text (ActualText), so extracting it gives the name back
// even where shaping reordered or joined glyphs (Indic scripts, Arabic); see docs/decisions/0015.
import PDFDocument from 'pdfkit';
import { PAGE_HEIGHT, PAGE_WIDTH, type CertificateScene } from './certificate-scene.ts';
import { rasteriseSvg } from './svg-painter.ts';

export async function renderPdf(
  scene: CertificateScene,
  info: { author: string; created: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    lang: scene.language,
    displayTitle: true,
    info: {
      Title: scene.title,
      Author: info.author,
      Creator: 'Learner portal',
      // Fixed to the issue date, so the same certificate renders to the same bytes.
      CreationDate: info.created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const registered = new Set<string>();
  for (const primitive of scene.primitives) {
    switch (primitive.kind) {
      case 'rect':
        doc.rect(primitive.x, primitive.y, primitive.width, primitive.height);
        if (primitive.fill && primitive.stroke) doc.fillAndStroke(primitive.fill, primitive.stroke);
        else if (primitive.fill) doc.fill(primitive.fill);
        if (primitive.stroke && !primitive.fill)
          doc.lineWidth(primitive.lineWidth ?? 1).stroke(primitive.stroke);
        break;
      case 'line':
        doc
          .moveTo(primitive.x1, primitive.y1)
          .lineTo(primitive.x2, primitive.y2)
          .lineWidth(primitive.width)
          .stroke(primitive.color);
        break;
      case 'logo':
        doc.image(rasteriseSvg(primitive.svg, primitive.width * 4), primitive.x, primitive.y, {
          width: primitive.width,
          height: primitive.height,
        });
        break;
      case 'text': {
        const { line } = primitive;
        // Right-to-left lines carry their text in display order: poppler (pdftotext, Evince, Okular)
        // lays ActualText out over the span from left to right and then reorders it as right-to-left text.
        doc.markContent('Span', {
          actual: line.rtl ? [...line.text].reverse().join('') : line.text,
        });
        for (const run of line.runs) {
          if (!registered.has(run.face.id)) {
            doc.registerFont(run.face.id, run.face.buffer);
            registered.add(run.face.id);
          }
          // pdfkit shapes the run again with the same fontkit, choosing the direction from the script.
          doc
            .font(run.face.id)
            .fontSize(line.size)
            .fillColor(primitive.color)
            .text(run.drawnText, primitive.x + run.x, primitive.baseline, {
              lineBreak: false,
              baseline: 'alphabetic',
            });
        }
        doc.endMarkedContent();
        break;
      }
    }
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
