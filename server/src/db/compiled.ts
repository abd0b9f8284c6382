/**
 * Queries compiled once. Kysely builds and compiles every query object anew, which cost a
 * list request more CPU than running its SQL; the hot queries whose SQL depends only on how
 * many values they take (rows and links by id, the session, the list version) keep their SQL
 * text per database and shape, and run it with new parameters.
 *
 * On PostgreSQL the same texts run as named prepared statements (db/connect.ts): planning the
 * page's rows by id cost the database about as much as running them (0.45 ms of 0.9 ms), and
 * with it planned once per connection an order search took a quarter less of the database's
 * CPU (2.4 → 1.8 ms a request at a million orders). Their plans hold for any parameters: rows
 * by primary key, the session by its id. The list and search queries themselves are not
 * prepared: the best plan of a search depends on how many rows its text matches.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { Lru, perDatabase } from './cache-kit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
type AnyDb = Kysely<any>;

// Shapes kept per database: list pages take any number of ids, so the least recently used go.
const compiledOf = perDatabase(() => new Lru<string, string>(100));

/** Statement names by SQL text, for every database of the process (names are per connection). */
const statementNames = new Map<string, string>();
/**
 * Texts given a name, at most: each connection keeps every statement it prepared, and a page
 * may ask for any limit up to 10,000 (each a text of its own). The first texts seen are the
 * hot ones (the session, the versions, the screens' page sizes); later ones run unnamed.
 */
export const MAX_STATEMENT_NAMES = 100;

/** The prepared statement's name of a text run by {@link executeCompiled}; undefined for any other. */
export const statementNameOf = (text: string): string | undefined => statementNames.get(text);

/**
 * Runs `build()`'s query with `parameters`, compiling it only the first time `shape` is seen
 * on this database. `shape` must name everything the SQL text depends on (typically the
 * query's name and its number of values); `parameters` must be what `build()` binds, in order.
 */
export async function executeCompiled<R>(
  db: AnyDb,
  shape: string,
  build: () => Compilable<R>,
  parameters: readonly unknown[],
): Promise<R[]> {
  const byShape = compiledOf(db);
  let text = byShape.get(shape);
  if (text === undefined) {
    const query = build().compile();
    if (JSON.stringify(query.parameters) !== JSON.stringify(parameters)) {
      throw new Error(`Compiled query ${shape} binds other parameters than it was given`);
    }
    text = query.sql;
    if (!statementNames.has(text) && statementNames.size < MAX_STATEMENT_NAMES) {
      statementNames.set(text, `kura_${statementNames.size + 1}`);
    }
    byShape.set(shape, text);
  }
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}
