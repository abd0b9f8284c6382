/**
 * How the renderer build groups its modules into files. Without this, the bundler makes one
 * file per set of lazy screens sharing a module: about seventy files, a third under 1 KiB.
 * Here:
 * - the entry (index.html's script, boot.ts): the little it imports (how to read the chosen
 *   language, where the texts are), so it runs without waiting for `start`;
 * - `start`: everything main.tsx imports statically (the app, the router, the guards);
 * - `sign-in`: what the login screen adds to it; index.html preloads both (start-preload.ts),
 *   and the entry asks for the language's sign-in texts, so the login form arrives in one wave;
 * - `shell`: the signed-in chrome and the parts of the libraries it uses;
 * - `schemas` (zod and the shared schemas), `icons`, `ui` (the other library code, split by the
 *   sets of screens using it, small sets merged): loaded with the first screen needing them;
 * - one file per screen (and per language's texts), as the bundler makes them.
 */
import type { Rolldown } from 'vite';

type ModuleInfoSource = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The module files of the start route: index.html's script, the app's start, the login screen. */
export const START_MODULES = {
  boot: 'src/boot.ts',
  app: 'src/main.tsx',
  signIn: 'src/features/auth/login-page.tsx',
} as const;
/** The signed-in chrome, loaded once after sign-in with what it uses of the libraries. */
const SHELL_MODULE = 'src/features/shell/app-shell.tsx';

/**
 * The project's own modules `from` imports statically. Libraries are left to the bundler: a
 * package's index imports all of it, and only the bundler knows which parts are used.
 */
function staticClosure(ctx: ModuleInfoSource, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || NODE_MODULES.test(id) || id.startsWith('\0')) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const SCHEMAS = /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]schemas[\\/]/;
const ICONS = /[\\/]node_modules[\\/]@fluentui[\\/]react-icons[\\/]/;

export function codeSplitting(rendererRoot: string): Rolldown.OutputOptions['codeSplitting'] {
  const root = rendererRoot.endsWith('/') ? rendererRoot : `${rendererRoot}/`;
  // Computed once per build from the finished module graph (the name functions run after it).
  let closures:
    { boot: Set<string>; start: Set<string>; signIn: Set<string>; shell: Set<string> } | undefined;
  const closuresOf = (ctx: ModuleInfoSource) => {
    if (closures) return closures;
    // What the entry imports stays in the entry's file: in `start` it would make the entry wait.
    const boot = staticClosure(ctx, root + START_MODULES.boot);
    const start = staticClosure(ctx, root + START_MODULES.app);
    for (const id of boot) start.delete(id);
    closures = {
      boot,
      start,
      signIn: staticClosure(ctx, root + START_MODULES.signIn),
      shell: staticClosure(ctx, root + SHELL_MODULE),
    };
    return closures;
  };
  return {
    groups: [
      { name: (id, ctx) => (closuresOf(ctx).boot.has(id) ? 'index' : null), priority: 110 },
      { name: (id, ctx) => (closuresOf(ctx).start.has(id) ? 'start' : null), priority: 100 },
      { name: (id, ctx) => (closuresOf(ctx).signIn.has(id) ? 'sign-in' : null), priority: 90 },
      { name: (id, ctx) => (closuresOf(ctx).shell.has(id) ? 'shell' : null), priority: 85 },
      { name: 'schemas', test: SCHEMAS, priority: 80 },
      { name: 'icons', test: ICONS, priority: 70 },
      // Split by the screens that use them, so a screen loads no library only another uses;
      // small sets merged, so there are few files.
      {
        name: 'ui',
        test: NODE_MODULES,
        priority: 60,
        entriesAware: true,
        entriesAwareMergeThreshold: 150_000,
      },
    ],
  };
}

/** `ui~products-page~memo-page~…` would name a file after every screen sharing it. */
export const chunkFileNames = ({ name }: { name: string }) =>
  `assets/${name.includes('~') ? name.slice(0, name.indexOf('~')) : name}-[hash].js`;
