/** Set by vite.config.ts from package.json. */
declare const __KURA_VERSION__: string;
