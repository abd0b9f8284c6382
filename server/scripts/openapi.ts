/**
 * `npm run openapi [-- out.json]`: the API's OpenAPI document without a running server, built
 * from the same routes and zod schemas as `/api/docs/json` (on a throwaway SQLite file).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const dir = mkdtempSync(join(tmpdir(), 'kura-openapi-'));
try {
  const config = { ...loadConfig({}), databaseUrl: join(dir, 'kura.sqlite'), logLevel: 'silent' as const };
  const app = await buildApp({ config });
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  const out = process.argv[2];
  if (out) writeFileSync(out, `${document}\n`);
  else process.stdout.write(`${document}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
