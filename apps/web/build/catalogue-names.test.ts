import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueChunkFileNames, cataloguesVersion } from './catalogue-names.ts';

function localesWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'locales-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('catalogue file names', () => {
  const catalogues = {
    'en-US/common.json': '{"close":"Close"}',
    'fr-FR/common.json': '{"close":"Fermer"}',
  };

  it('names the directory by every catalogue and the bundler, so any change renames it', () => {
    const version = cataloguesVersion(localesWith(catalogues), '8.0.0');
    expect(version).toMatch(/^[\w-]{10}$/);
    expect(cataloguesVersion(localesWith(catalogues), '8.0.0')).toBe(version);
    expect(cataloguesVersion(localesWith(catalogues), '8.0.1')).not.toBe(version);
    const edited = { ...catalogues, 'fr-FR/common.json': '{"close":"Fermez"}' };
    expect(cataloguesVersion(localesWith(edited), '8.0.0')).not.toBe(version);
    const added = { ...catalogues, 'de-DE/common.json': '{"close":"Schließen"}' };
    expect(cataloguesVersion(localesWith(added), '8.0.0')).not.toBe(version);
  });

  it('puts a catalogue under its locale and namespace, and leaves other chunks hashed', () => {
    const name = catalogueChunkFileNames('v1');
    expect(name({ facadeModuleId: '/repo/apps/web/src/i18n/locales/ar-AR/courseList.json' })).toBe(
      'assets/l-v1/ar-AR/courseList.js',
    );
    expect(name({ facadeModuleId: '/repo/apps/web/src/app/shell/shell-route.tsx' })).toBe(
      'assets/[name]-[hash].js',
    );
    expect(name({ facadeModuleId: null })).toBe('assets/[name]-[hash].js');
  });
});
