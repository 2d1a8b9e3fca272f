import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

describe('the precompress build step', () => {
  it('writes brotli and gzip copies of the text assets that decompress to the originals', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dist, 'assets'));
    const js = 'export const greeting = "hello";\n'.repeat(200);
    const html = '<!doctype html><title>Learner portal</title>'.repeat(20);
    writeFileSync(join(dist, 'assets', 'app-abc.js'), js);
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'cover.png'), Buffer.alloc(4096, 1));
    writeFileSync(join(dist, 'assets', 'tiny.json'), '{}');

    expect(await precompressDirectory(dist)).toBe(3);

    for (const [file, original] of [
      ['assets/app-abc.js', js],
      ['index.html', html],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).toString()).toBe(
        original,
      );
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).toString()).toBe(original);
    }
    // Images are compressed already; a copy that is not smaller is worse than none.
    expect(existsSync(join(dist, 'assets', 'cover.png.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny.json.gz'))).toBe(false);
  });
});
