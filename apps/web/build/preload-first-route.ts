// A build step: adds <link rel="modulepreload"> for the chunks of the lazily loaded first page (the shell
// and My Courses) to index.html, so the browser fetches them beside the entry instead of after it has run.
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
  imports?: readonly string[];
}

/** The files of the chunks holding `modules` (ids ending so), with everything they import. */
export function chunksToPreload(
  bundle: Record<string, ChunkLike>,
  modules: readonly string[],
): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const wanted = new Set<string>();
  const visit = (fileName: string) => {
    // The entry and what it imports statically are in the page already.
    if (wanted.has(fileName) || bundle[fileName]?.isEntry) return;
    wanted.add(fileName);
    for (const imported of bundle[fileName]?.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    const chunk = chunks.find((item) =>
      item.moduleIds?.some((id) => id.replaceAll('\\', '/').endsWith(module)),
    );
    if (!chunk) throw new Error(`preload-first-route: no chunk for ${module}`);
    visit(chunk.fileName);
  }
  return [...wanted];
}

/**
 * Every module the first page runs before it paints: the static imports, followed recursively, of the entry
 * and of the first page's lazily loaded modules (`modules`). Dynamic imports are where later pages begin.
 */
export function staticClosure(
  roots: readonly string[],
  importsOf: (id: string) => readonly string[] | undefined,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of importsOf(id) ?? []) stack.push(imported);
  }
  return seen;
}

const endsWithAny = (id: string, modules: readonly string[]) =>
  modules.some((module) => id.replaceAll('\\', '/').endsWith(module));

/**
 * The first page's modules as one chunk group: `plugin` learns the module graph when the build has read it,
 * and `test` (a code-splitting group test, run after that) answers whether a module belongs to the first
 * page. Mantine components and shared code only later pages use stay out of the first load.
 */
export function firstRouteGroup(modules: readonly string[]): {
  plugin: Plugin;
  test: (id: string) => boolean;
} {
  let members: Set<string> | undefined;
  return {
    plugin: {
      name: 'portal:first-route-group',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const missing = modules.filter((module) => !ids.some((id) => endsWithAny(id, [module])));
        if (missing.length > 0)
          throw new Error(`first-route-group: no module ${missing.join(', ')}`);
        const roots = ids.filter(
          (id) => this.getModuleInfo(id)?.isEntry === true || endsWithAny(id, modules),
        );
        members = staticClosure(roots, (id) => this.getModuleInfo(id)?.importedIds);
      },
    },
    test: (id) => {
      if (!members) throw new Error('first-route-group: the module graph is not known yet');
      return members.has(id);
    },
  };
}

export function preloadFirstRoute(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'portal:preload-first-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        return chunksToPreload(context.bundle as Record<string, ChunkLike>, modules)
          .map((file) => `${base}${file}`)
          .filter((href) => !html.includes(href))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
