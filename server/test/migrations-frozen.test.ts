/**
 * A shipped migration is frozen: whenever it runs, on a new database or an old one, it must
 * build what it built when it shipped. So no file under src/db/migrations/ imports anything
 * outside that folder (live code changes; a migration that read it would change with it).
 * Another migration, a helper kept in the folder, and packages are fine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/** Every module a file names: static and dynamic imports, re-exports, `import type`, require. */
const specifiers = (source: string) =>
  ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);

/** The modules `source` (a file in `folder`) names that live outside `folder`. */
function importsFromOutside(source: string, folder: string): string[] {
  return specifiers(source).filter((specifier) => {
    if (specifier.startsWith('.')) {
      const target = relative(folder, resolve(folder, specifier));
      return target === '..' || target.startsWith(`..${sep}`);
    }
    // A path alias (#shared) or an absolute path is the repository's own code; a bare name is a package.
    return specifier.startsWith('#') || specifier.startsWith('/');
  });
}

describe('migrations', () => {
  it('import nothing from outside src/db/migrations/', () => {
    const files = readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      importsFromOutside(readFileSync(join(MIGRATIONS, file), 'utf8'), dirname(join(MIGRATIONS, file))).map(
        (specifier) => `${file}: ${specifier}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it('finds every way a file can import live code', () => {
    const source = [
      "import { a } from '../../sales/sales.sql';",
      "import type { Database } from '../database';",
      "export { b } from '../locking';",
      "import { c } from '#shared/constants';",
      "const d = await import('../../orders/orders.repository');",
      "import { versionedTable } from './004_list_engine';",
      "import { sql } from 'kysely';",
    ].join('\n');
    expect(importsFromOutside(source, MIGRATIONS)).toEqual([
      '../../sales/sales.sql',
      '../database',
      '../locking',
      '#shared/constants',
      '../../orders/orders.repository',
    ]);
  });
});
