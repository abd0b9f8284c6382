/**
 * docs/reliability.md keeps prose written by hand around sections the commands write
 * (`npm run fuzz`, `npm run crash-test`): each between `<!-- name:begin -->` and
 * `<!-- name:end -->`, rewritten whole by its command's last run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';

export const RELIABILITY_DOC = join(import.meta.dirname, '..', '..', 'docs', 'reliability.md');

/** The document with the text between the section's markers replaced (appended when it has none). */
export function withSection(document: string, name: string, body: string): string {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const from = document.indexOf(begin);
  const to = document.indexOf(end);
  if (from === -1 || to < from) return `${document.trimEnd()}\n\n${begin}\n${body}\n${end}\n`;
  return `${document.slice(0, from + begin.length)}\n${body}\n${document.slice(to)}`;
}

/** Rewrites the section, formatted as `npm run lint` wants it (tables aligned). */
export async function recordSection(name: string, body: string, file = RELIABILITY_DOC): Promise<void> {
  const text = withSection(readFileSync(file, 'utf8'), name, body);
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
