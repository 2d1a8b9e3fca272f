// Paints a certificate scene as SVG with every glyph as an outline path (the shaping is ours, so the
// rasteriser needs no fonts), then as PNG through resvg.
import { Resvg } from '@resvg/resvg-js';
import { escapeHtml } from '../../../lib/escape-html.ts';
import {
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type CertificateScene,
  type Primitive,
} from './certificate-scene.ts';
import type { ShapedLine } from './text-lines.ts';

/** PNG width in pixels (A4 landscape at about 144 dpi); the height follows the page's proportions. */
export const PNG_WIDTH = 1684;
export const PNG_HEIGHT = Math.round((PNG_WIDTH * PAGE_HEIGHT) / PAGE_WIDTH);

const round = (value: number) => Math.round(value * 100) / 100;

function glyphPaths(line: ShapedLine, left: number, baseline: number): string {
  const paths: string[] = [];
  for (const run of line.runs) {
    const scale = line.size / run.face.font.unitsPerEm;
    let pen = 0;
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index]!;
      const d = glyph.path.toSVG();
      if (d !== '') {
        const x = round(left + run.x + (pen + position.xOffset) * scale);
        const y = round(baseline - position.yOffset * scale);
        paths.push(
          `<path transform="translate(${x} ${y}) scale(${round(scale * 1000) / 1000} ${-round(scale * 1000) / 1000})" d="${d}"/>`,
        );
      }
      pen += position.xAdvance;
    });
  }
  return paths.join('');
}

function paint(primitive: Primitive): string {
  switch (primitive.kind) {
    case 'rect':
      return `<rect x="${primitive.x}" y="${primitive.y}" width="${primitive.width}" height="${primitive.height}" fill="${primitive.fill ?? 'none'}"${
        primitive.stroke
          ? ` stroke="${primitive.stroke}" stroke-width="${primitive.lineWidth ?? 1}"`
          : ''
      }/>`;
    case 'line':
      return `<line x1="${primitive.x1}" y1="${primitive.y1}" x2="${primitive.x2}" y2="${primitive.y2}" stroke="${primitive.color}" stroke-width="${primitive.width}"/>`;
    case 'text':
      return `<g fill="${primitive.color}">${glyphPaths(primitive.line, primitive.x, primitive.baseline)}</g>`;
    case 'logo':
      return `<image x="${primitive.x}" y="${primitive.y}" width="${primitive.width}" height="${primitive.height}" href="data:image/svg+xml;base64,${Buffer.from(primitive.svg).toString('base64')}"/>`;
  }
}

export function sceneToSvg(scene: CertificateScene): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}">`,
    `<title>${escapeHtml(scene.title)}</title>`,
    ...scene.primitives.map(paint),
    '</svg>',
  ].join('');
}

export function renderPng(scene: CertificateScene): Buffer {
  const resvg = new Resvg(sceneToSvg(scene), {
    fitTo: { mode: 'width', value: PNG_WIDTH },
    background: '#ffffff',
    font: { loadSystemFonts: false },
  });
  return resvg.render().asPng();
}

/** An SVG logo as a PNG of `width` pixels, for painters that cannot draw SVG (PDF). */
export function rasteriseSvg(svg: string, width: number): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
}
