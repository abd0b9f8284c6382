/**
 * Queries compiled once. Kysely builds and compiles every query object anew, which cost a
 * list request more CPU than running its SQL; the hot queries whose SQL depends only on how
 * many values they take (rows and links by id, the list version) keep their SQL text per
 * database and shape, and run it with new parameters.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
type AnyDb = Kysely<any>;

const compiled = new WeakMap<AnyDb, Map<string, string>>();
// Shapes kept per database: list pages take any number of ids, so the least recently used go.
const SHAPES = 100;

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
  let byShape = compiled.get(db);
  if (!byShape) compiled.set(db, (byShape = new Map()));
  let text = byShape.get(shape);
  if (text !== undefined) {
    byShape.delete(shape);
  } else {
    const query = build().compile();
    if (JSON.stringify(query.parameters) !== JSON.stringify(parameters)) {
      throw new Error(`Compiled query ${shape} binds other parameters than it was given`);
    }
    text = query.sql;
    if (byShape.size >= SHAPES) byShape.delete(byShape.keys().next().value as string);
  }
  byShape.set(shape, text);
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}
