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
