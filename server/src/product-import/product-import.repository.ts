/** What the products CSV import reads: products by SKU and by JAN, and the settings by name. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { namedSettingsQuery, type NamedSettingRow } from '../catalog/catalog.repository';
import { hydrateProducts, productRowsQuery } from '../products/products.repository';

// Well below SQLite's and PostgreSQL's bound-parameter limits.
const CHUNK = 1000;

async function inChunks<T>(values: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(values)];
  for (let at = 0; at < unique.length; at += CHUNK) out.push(...(await read(unique.slice(at, at + CHUNK))));
  return out;
}

/** The products of these SKUs, by SKU in lower case: SKUs are unique regardless of case. */
export async function productsBySku(
  db: Kysely<Database>,
  skus: readonly string[],
): Promise<Map<string, Product>> {
  const products = await inChunks(
    skus.map((sku) => sku.toLowerCase()),
    async (chunk) =>
      hydrateProducts(
        db,
        await productRowsQuery(db)
          .where(sql`lower(products.sku_code)`, 'in', chunk)
          .execute(),
      ),
  );
  return new Map(products.map((p) => [p.skuCode.toLowerCase(), p]));
}

/** The id and SKU of the products holding these JANs, by JAN. */
export async function productsByJan(
  db: Kysely<Database>,
  jans: readonly string[],
): Promise<Map<string, { id: string; sku: string }>> {
  const rows = await inChunks(jans, (chunk) =>
    db.selectFrom('products').select(['id', 'sku_code', 'jan_code']).where('jan_code', 'in', chunk).execute(),
  );
  return new Map(rows.map((r) => [r.jan_code, { id: r.id, sku: r.sku_code }]));
}

/** Every category, manufacturer and supplier: a catalogue names a few hundred at most. */
export async function allNamedSettings(db: Kysely<Database>) {
  const read = (table: 'categories' | 'manufacturers' | 'suppliers'): Promise<NamedSettingRow[]> =>
    namedSettingsQuery(db, table).execute();
  // One after another: inside a transaction they share one connection anyway.
  return {
    categories: await read('categories'),
    manufacturers: await read('manufacturers'),
    suppliers: await read('suppliers'),
  };
}

/**
 * Makes product imports on PostgreSQL run one at a time until the transaction ends: a new SKU is a
 * row that does not exist yet, so no row lock can keep two imports from both creating it. The
 * second import then reads the products the first one committed and finds its SKUs existing.
 * A lock of the products table would do the same but also stop every product writer, and one
 * holding a product's row lock while waiting for the table would deadlock with the import. SQLite
 * has one writer already.
 */
export async function serialiseImports(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('kura.product-import'))`.execute(trx);
}
