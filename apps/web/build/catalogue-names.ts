// A build step: the translation catalogues get stable file names under one directory named by a hash of all of
// them (`assets/l-<hash>/<locale>/<namespace>.js`) instead of a hash each. The catalogue map in the first
// page's chunk (i18n.ts, 35 locales × every namespace) then repeats one string instead of 560 random ones, and
// gzip takes it from about 6 kB to under 1 kB. Any change to any catalogue renames the directory, so the
// immutable caching of /assets/ stays right.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;

/** A hash of every catalogue's path and content, and of the bundler's version (it shapes the chunks). */
export function cataloguesVersion(localesDir: string, bundlerVersion: string): string {
  const hash = createHash('sha256').update(bundlerVersion);
  const files = readdirSync(localesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of files) {
    hash.update(relative(localesDir, join(localesDir, file)).replaceAll('\\', '/'));
    hash.update('\0');
    hash.update(readFileSync(join(localesDir, file)));
    hash.update('\0');
  }
  return hash.digest('base64url').slice(0, 10);
}

/** Rollup's `chunkFileNames`: catalogues by locale and namespace under the versioned directory. */
export function catalogueChunkFileNames(version: string) {
  return (chunk: { facadeModuleId?: string | null }): string => {
    const match = chunk.facadeModuleId ? CATALOGUE.exec(chunk.facadeModuleId) : null;
    return match ? `assets/l-${version}/${match[1]}/${match[2]}.js` : 'assets/[name]-[hash].js';
  };
}
