// Open Badges "baking": the signed credential travels inside the certificate's PNG, in an iTXt chunk with
// the keyword "openbadgecredential" (Open Badges 3.0, Baking), so the image alone can be verified.
import { crc32 } from 'node:zlib';

export const BAKED_KEYWORD = 'openbadgecredential';
const SIGNATURE_LENGTH = 8;

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The PNG with an uncompressed iTXt chunk `keyword` = `text` (UTF-8) just before its IEND chunk. */
export function bakeIntoPng(png: Buffer, text: string, keyword = BAKED_KEYWORD): Buffer {
  const iend = png.length - 12;
  if (png.subarray(iend + 4, iend + 8).toString('latin1') !== 'IEND') throw new Error('Not a PNG');
  const data = Buffer.concat([
    Buffer.from(keyword, 'latin1'),
    // null separator, compression flag 0, compression method 0, empty language tag and translated keyword
    Buffer.from([0, 0, 0, 0, 0]),
    Buffer.from(text, 'utf8'),
  ]);
  return Buffer.concat([png.subarray(0, iend), chunk('iTXt', data), png.subarray(iend)]);
}

/** The text of the PNG's iTXt chunk `keyword`, or null. */
export function readBakedText(png: Buffer, keyword = BAKED_KEYWORD): string | null {
  let offset = SIGNATURE_LENGTH;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'iTXt') {
      const end = data.indexOf(0);
      if (data.subarray(0, end).toString('latin1') === keyword) {
        const languageEnd = data.indexOf(0, end + 3);
        const translatedEnd = data.indexOf(0, languageEnd + 1);
        return data.subarray(translatedEnd + 1).toString('utf8');
      }
    }
    offset += 12 + length;
  }
  return null;
}
