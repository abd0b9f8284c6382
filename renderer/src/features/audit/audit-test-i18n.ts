/** A real i18next instance over the app's own translation files, for the audit unit tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

const dir = new URL('../../i18n', import.meta.url).pathname;

export async function translator(lng: 'en' | 'ja'): Promise<TFunction> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(join(dir, lng)).filter((name) => name.endsWith('.json'))) {
    resources[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, lng, file), 'utf8')) as Record<
      string,
      unknown
    >;
  }
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { [lng]: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
