/** `node --import` this to make `import 'electron'` load the fake (in-thread module hooks). */
import { registerHooks } from 'node:module';

const fake = new URL('./fake-electron.ts', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: fake, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
