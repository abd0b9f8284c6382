/**
 * Adds `<link rel="modulepreload">` for the app's start and the login screen's files to
 * index.html. Vite preloads what the entry imports statically; the entry (boot.ts) imports the
 * app lazily and the login screen is a lazy chunk, found only after the app has run and the
 * router has matched, so without these links their files would be a second (and third) wave of
 * requests before the form appears. The sign-in texts are not here: only the entry knows the
 * user's language, and asks for that one's as soon as it runs.
 */
import type { Plugin, Rolldown } from 'vite';
import { START_MODULES } from './chunks';

/** Module files whose chunks the start route needs besides the entry. */
export const PRELOADED_MODULES = [START_MODULES.app, START_MODULES.signIn] as const;

export function startPreload(rendererRoot: string): Plugin {
  const root = rendererRoot.endsWith('/') ? rendererRoot : `${rendererRoot}/`;
  return {
    name: 'kura:start-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const already = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          if (already.has(fileName)) return;
          already.add(fileName);
          wanted.push(fileName);
          for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
        };
        for (const module of PRELOADED_MODULES) {
          // Its own file, or (without a facade) the group's file that holds it.
          const chunk =
            chunks.find((c) => c.facadeModuleId === root + module) ??
            chunks.find((c) => c.moduleIds.includes(root + module));
          if (!chunk) throw new Error(`start-preload: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        return wanted.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
