// A build step: `import { Menu } from '@mantine/core'` becomes an import of the file that defines Menu, so the
// module graph says which components a page really uses. Through the package's index every page seemed to
// reach every component, and the first page's chunk (first-route-group) took them all
// (docs/decisions/0014-first-load-and-serving.md). Like Next.js's optimizePackageImports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where each name a package's index exports is defined: the file and the name it has there. */
export type ExportMap = Map<string, { file: string; name: string }>;

// Relative paths become absolute files; a package name (the index re-exporting another package) stays.
const fileOf = (specifier: string, dir: string) =>
  specifier.startsWith('.') ? resolve(dir, specifier) : specifier;

const specifierList = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported = '', local = imported] = part.split(/\s+as\s+/);
      return { imported: imported.trim(), local: local.trim() };
    });

/**
 * Reads an index made of `import { a, b as c } from './x.mjs'` + `export { a, c }` lines and of
 * `export { default as A, b as B } from './y.mjs'` lines (what @mantine/core and @tabler/icons-react ship).
 */
export function exportMapOf(indexSource: string, indexDir: string): ExportMap {
  const imported = new Map<string, { file: string; name: string }>();
  const map: ExportMap = new Map();
  for (const match of indexSource.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const { imported: name, local } of specifierList(match[1]!)) {
      imported.set(local, { file: fileOf(match[2]!, indexDir), name });
    }
  }
  for (const match of indexSource.matchAll(
    /export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g,
  )) {
    for (const { imported: name, local } of specifierList(match[1]!)) {
      if (match[2]) map.set(local, { file: fileOf(match[2], indexDir), name });
      else if (imported.has(name)) map.set(local, imported.get(name)!);
    }
  }
  return map;
}

/** Rewrites the named imports of `packageName` in `code`; type-only names stay on the package. */
export function rewriteImports(code: string, packageName: string, exports: ExportMap): string {
  const quoted = packageName.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"];?`, 'g');
  return code.replace(pattern, (_statement, list: string) => {
    const lines: string[] = [];
    const types: string[] = [];
    for (const { imported, local } of specifierList(list)) {
      if (/^type\s/.test(imported)) {
        const name = imported.replace(/^type\s+/, '');
        types.push(local === imported ? name : `${name} as ${local}`);
        continue;
      }
      const target = exports.get(imported);
      if (!target) throw new Error(`deep-imports: ${packageName} exports no ${imported}`);
      lines.push(`import { ${target.name} as ${local} } from ${JSON.stringify(target.file)};`);
    }
    if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${packageName}';`);
    return lines.join(' ');
  });
}

/** `packages`: package name → its index file relative to the package folder. */
export function deepImports(packages: Record<string, string>, root: string): Plugin {
  const require = createRequire(resolve(root, 'package.json'));
  const maps = new Map<string, ExportMap>();
  for (const [name, index] of Object.entries(packages)) {
    // The package folder (its package.json is not among its exports).
    const entry = require.resolve(name).replaceAll('\\', '/');
    const folder = entry.slice(
      0,
      entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}`.length,
    );
    const file = resolve(folder, index);
    maps.set(name, exportMapOf(readFileSync(file, 'utf8'), dirname(file)));
  }
  return {
    name: 'portal:deep-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      // Our sources and the packages built on these (Mantine's notifications import its core).
      if (!/\.(?:[cm]?tsx?|mjs)$/.test(id)) return null;
      let result = code;
      for (const [name, map] of maps) {
        if (!id.replaceAll('\\', '/').includes(`/node_modules/${name}/`) && result.includes(name)) {
          result = rewriteImports(result, name, map);
        }
      }
      return result === code ? null : { code: result, map: null };
    },
  };
}
