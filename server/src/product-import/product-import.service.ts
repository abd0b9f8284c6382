/**
 * POST /products/import: a products CSV (the export's columns, edited in a spreadsheet) in.
 *
 * Every row is read and checked before anything is written, and a file with any rejected row
 * writes nothing: staff fix the file and import it again. A row matches a product by its SKU
 * (ignoring case, as SKUs are unique; the stored SKU keeps its case). A new SKU creates a product
 * and needs what the product form needs; an existing one updates only the columns the file has,
 * and an empty cell clears its field. Each row's values are checked by the product schemas the
 * form and the API use, and its category, manufacturer and suppliers by the same reference rule
 * (products.service.ts: `referenceProblem`).
 *
 * The import itself is one transaction: the products created and updated through the products
 * service's own create and update (their audit entries, the opening stock of zero, the sales
 * figures a purchase price moves), in batches of a few statements each, the updated products
 * locked batch by batch in id order. On
 * PostgreSQL imports run one at a time (`serialiseImports`), and each reads the products inside
 * its transaction, so two imports of one new SKU create it once. A dry run reads and checks the
 * same way and writes nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Platform } from '#shared/constants';
import { messageCodeOf } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import { issueCode } from '#shared/schemas/common';
import {
  productInputSchema,
  productUpdateOf,
  productUpdateSchema,
  type PlatformListing,
  type Product,
} from '#shared/schemas/product';
import type { ProductImportMessage, ProductImportResult } from '#shared/schemas/product-import';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { httpError } from '../http/errors';
import type { ReportTable, TableShape } from '../order-import/report-table';
import {
  createProductsIn,
  referenceProblem,
  updateProductsIn,
  type ProductBody,
  type SettingLookup,
} from '../products/products.service';
import {
  LISTING_ORDER,
  SKU_COLUMN,
  readColumns,
  readRow,
  rowMessage,
  type RowDraft,
} from './product-import-rows';
import {
  allNamedSettings,
  productsByJan,
  productsBySku,
  serialiseImports,
} from './product-import.repository';

/** A catalogue of 50,000 products is about 15 MB as the export writes it. */
export const PRODUCT_IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** Rows one file may hold: every row is held until the whole file is checked. */
export const MAX_IMPORT_ROWS = 50_000;

/** What a products CSV must be, as far as its header goes. */
export const PRODUCTS_CSV: TableShape = {
  delimiter: ',',
  required: [SKU_COLUMN],
  empty: () => httpError(400, 'productImportFileEmpty'),
  missing: (_header, columns) => httpError(400, 'productImportMissingColumns', { columns }),
};

export interface ReadFile {
  drafts: RowDraft[];
  ignoredColumns: string[];
}

/** Reads a products CSV to its end (blank rows, as a spreadsheet leaves them, skipped). */
export async function readProductsFile(table: ReportTable): Promise<ReadFile> {
  const { read, ignored } = readColumns(table.columns);
  const drafts: RowDraft[] = [];
  try {
    for await (const row of table.rows) {
      if (row.unreadableLine !== undefined) {
        drafts.push({
          row: row.row,
          sku: '',
          values: {},
          settings: {},
          asins: {},
          problems: [rowMessage('', 'importUnreadableRow', { line: row.unreadableLine })],
        });
      } else if (table.columns.some((column) => row.get(column) !== '')) {
        drafts.push(readRow(row.row, read, row.get));
      }
      if (drafts.length > MAX_IMPORT_ROWS)
        throw httpError(400, 'productImportTooManyRows', { max: MAX_IMPORT_ROWS });
    }
  } finally {
    await table.close();
  }
  return { drafts, ignoredColumns: ignored };
}

type Body = ProductBody & { inStockQuantity?: number };

type Plan =
  | { kind: 'create'; draft: RowDraft; body: Body & { inStockQuantity: number } }
  | { kind: 'update'; draft: RowDraft; product: Product; body: Body }
  | { kind: 'unchanged'; draft: RowDraft; product: Product; body: Body }
  | { kind: 'rejected'; draft: RowDraft; messages: ProductImportMessage[] };

/**
 * A body as compared for "unchanged": an empty text is no text (the file cannot tell them apart),
 * and the order of suppliers and listings does not matter.
 */
function comparable(body: ReturnType<typeof productUpdateOf>): string {
  const { supplierIds, availablePlatforms, ...fields } = body;
  const plain = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key !== 'inStockQuantity')
      .map(([key, value]) => [key, value === '' ? null : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return JSON.stringify({
    ...plain,
    supplierIds: [...supplierIds].sort(),
    availablePlatforms: [...availablePlatforms]
      .sort((a, b) => LISTING_ORDER.indexOf(a.code) - LISTING_ORDER.indexOf(b.code))
      .map((l) => [l.code, l.asin]),
  });
}

/** A zod issue of a row's values as a row message, in the codes the form and the API use. */
function issueMessage(issue: { path: PropertyKey[]; message: string; code: string }): ProductImportMessage {
  const field = String(issue.path[0] ?? '');
  const known = messageCodeOf(issue.message) ?? issueCode(issue);
  return rowMessage(field, known.code, known.params);
}

type Settings = Awaited<ReturnType<typeof allNamedSettings>>;
type SettingTable = keyof Settings;

/** Settings by name (in lower case: names are unique regardless of case) and the reference rule's look-up. */
function settingsIndex(settings: Settings) {
  const byName = new Map<string, string>();
  const byId = new Map<string, { active_status: number }>();
  for (const table of Object.keys(settings) as SettingTable[]) {
    for (const row of settings[table]) {
      byName.set(`${table} ${row.name.trim().toLowerCase()}`, row.id);
      byId.set(`${table} ${row.id}`, row);
    }
  }
  const lookup: SettingLookup = (table, id) => byId.get(`${table} ${id}`);
  const idOf = (table: SettingTable, name: string) => byName.get(`${table} ${name.toLowerCase()}`);
  return { lookup, idOf };
}

/** The listings a row leaves: its ASIN columns over the product's listings. */
function listingsOf(draft: RowDraft, current: readonly PlatformListing[]): PlatformListing[] {
  const listings = new Map<Platform, PlatformListing>(current.map((l) => [l.code, l]));
  for (const [code, asin] of Object.entries(draft.asins) as [Platform, string][]) {
    // An empty cell removes the listing, except a listing without an ASIN: the export writes
    // that one as an empty cell too, so the file cannot say it is gone.
    if (asin !== '') listings.set(code, { code, asin });
    else if (listings.get(code)?.asin !== '') listings.delete(code);
  }
  return LISTING_ORDER.flatMap((code) => {
    const listing = listings.get(code);
    return listing ? [listing] : [];
  });
}

/** Items of the file that share a key: each one's other rows. */
function repeats<T extends { row: number }>(
  items: readonly T[],
  key: (item: T) => string | null,
): Map<T, number[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k) ?? [];
    group.push(item);
    groups.set(k, group);
  }
  const out = new Map<T, number[]>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const item of group)
      out.set(
        item,
        group.filter((other) => other !== item).map((other) => other.row),
      );
  }
  return out;
}

/** One row's plan, given the product its SKU names (if any) and the settings. */
function planRow(
  draft: RowDraft,
  product: Product | undefined,
  settings: ReturnType<typeof settingsIndex>,
  messages: ProductImportMessage[],
): Plan {
  const input: Record<string, unknown> = product ? productUpdateOf(product) : {};
  // A matched SKU keeps the case it is stored in.
  input.skuCode = product?.skuCode ?? draft.sku;
  Object.assign(input, draft.values);
  for (const [field, { label, name }] of Object.entries(draft.settings)) {
    if (name === null) {
      input[field] = null;
      continue;
    }
    const id = settings.idOf(label === 'category' ? 'categories' : 'manufacturers', name);
    if (id) input[field] = id;
    else messages.push(rowMessage(field, 'importUnknownName', { label, name }));
  }
  if (draft.suppliers) {
    const ids: string[] = [];
    for (const name of draft.suppliers) {
      const id = settings.idOf('suppliers', name);
      if (id) ids.push(id);
      else messages.push(rowMessage('supplierIds', 'importUnknownName', { label: 'supplier', name }));
    }
    input.supplierIds = ids;
  }
  input.availablePlatforms = listingsOf(draft, product?.availablePlatforms ?? []);

  const parsed = (product ? productUpdateSchema : productInputSchema).safeParse(input, { reportInput: true });
  // A field whose cell was refused already (a JAN Excel turned into a number) is not also "required".
  const reported = new Set(messages.map((m) => m.field));
  if (!parsed.success) {
    messages.push(...parsed.error.issues.map(issueMessage).filter((m) => !reported.has(m.field)));
  }
  const current = product
    ? {
        categoryId: product.category?._id ?? null,
        manufacturerId: product.manufacturer?._id ?? null,
        supplierIds: product.suppliers.map((s) => s._id),
      }
    : null;
  // Read from the input, so that a row refused by the schema is told of its references too.
  const id = (value: unknown) => (typeof value === 'string' ? value : null);
  const links = {
    categoryId: id(input.categoryId),
    manufacturerId: id(input.manufacturerId),
    supplierIds: Array.isArray(input.supplierIds) ? (input.supplierIds as string[]) : [],
  };
  const reference = referenceProblem(links, current, settings.lookup);
  if (reference)
    messages.push(issueMessage({ path: [reference.field], message: reference.message, code: 'custom' }));
  if (!parsed.success) return { kind: 'rejected', draft, messages };
  const body = parsed.data as Body;
  if (messages.length > 0) return { kind: 'rejected', draft, messages };
  if (!product) return { kind: 'create', draft, body: { ...body, inStockQuantity: 0 } };
  const same =
    comparable({ ...productUpdateOf(product) }) === comparable({ ...productUpdateOf(product), ...body });
  return { kind: same ? 'unchanged' : 'update', draft, product, body };
}

/** Every row's plan, read from `db` (the transaction's connection, for the import itself). */
async function planRows(db: Kysely<Database>, drafts: readonly RowDraft[]): Promise<Plan[]> {
  const skuRepeats = repeats(drafts, (d) => (d.sku === '' ? null : d.sku.toLowerCase()));
  const products = await productsBySku(
    db,
    drafts.map((d) => d.sku).filter((sku) => sku !== ''),
  );
  const settings = settingsIndex(await allNamedSettings(db));
  const plans = drafts.map((draft) => {
    const messages = [...draft.problems];
    if (draft.problems.some((p) => p.code === 'importUnreadableRow')) {
      return { kind: 'rejected', draft, messages } satisfies Plan;
    }
    if (draft.sku === '') messages.push(rowMessage('skuCode', 'required'));
    const others = skuRepeats.get(draft);
    if (others) {
      messages.push(rowMessage('skuCode', 'importDuplicateSku', { sku: draft.sku, rows: others.join(', ') }));
    }
    return planRow(draft, draft.sku ? products.get(draft.sku.toLowerCase()) : undefined, settings, messages);
  });

  // JANs are unique: a row may not take one another row of the file takes, nor one another
  // product holds (as the form refuses it), even when the file moves that product's JAN too.
  const accepted = plans.flatMap((p) => (p.kind === 'rejected' ? [] : [{ row: p.draft.row, plan: p }]));
  const janRepeats = new Map(
    [...repeats(accepted, (a) => a.plan.body.janCode)].map(([a, rows]) => [a.plan as Plan, rows]),
  );
  const moving = accepted.filter(
    ({ plan: p }) => p.kind === 'create' || p.body.janCode !== p.product.janCode,
  );
  const holders = await productsByJan(
    db,
    moving.map((a) => a.plan.body.janCode),
  );
  return plans.map((plan) => {
    if (plan.kind === 'rejected') return plan;
    const messages: ProductImportMessage[] = [];
    const jan = plan.body.janCode;
    const others = janRepeats.get(plan);
    if (others) messages.push(rowMessage('janCode', 'importDuplicateJan', { jan, rows: others.join(', ') }));
    const holder = holders.get(jan);
    const own = plan.kind === 'create' ? undefined : plan.product._id;
    if (holder && holder.id !== own)
      messages.push(rowMessage('janCode', 'importJanTaken', { jan, sku: holder.sku }));
    return messages.length > 0 ? { kind: 'rejected', draft: plan.draft, messages } : plan;
  });
}

function resultOf(plans: readonly Plan[], dryRun: boolean, ignoredColumns: string[]): ProductImportResult {
  const count = (kind: Plan['kind']) => plans.filter((p) => p.kind === kind).length;
  return {
    dryRun,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    rejected: plans.flatMap((p) =>
      p.kind === 'rejected' ? [{ row: p.draft.row, sku: p.draft.sku, messages: p.messages }] : [],
    ),
    ignoredColumns,
  };
}

/**
 * Products written by one call: a few statements for all of them besides one per updated
 * product. Between calls the event loop turns (SQLite's driver is synchronous).
 */
const WRITE_BATCH = 500;

async function applyPlans(
  trx: Transaction<Database>,
  actor: SessionUser,
  plans: readonly Plan[],
): Promise<void> {
  const yieldNow = () => new Promise((resolve) => setImmediate(resolve));
  // In id order, batch after batch: the products' locks are taken in one order (db/locking.ts).
  const updates = plans
    .flatMap((p) => (p.kind === 'update' ? [{ id: p.product._id, input: p.body }] : []))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    await updateProductsIn(trx, actor, updates.slice(i, i + WRITE_BATCH));
    await yieldNow();
  }
  const creates = plans.flatMap((p) => (p.kind === 'create' ? [p.body] : []));
  for (let i = 0; i < creates.length; i += WRITE_BATCH) {
    await createProductsIn(trx, actor, creates.slice(i, i + WRITE_BATCH));
    await yieldNow();
  }
}

/**
 * Reads and checks the file, then (unless a dry run, or a row is rejected) writes it in one
 * transaction, planned again inside it on what is committed then.
 */
export async function importProducts(
  db: Kysely<Database>,
  actor: SessionUser,
  table: ReportTable,
  dryRun: boolean,
): Promise<ProductImportResult> {
  const { drafts, ignoredColumns } = await readProductsFile(table);
  if (dryRun) return resultOf(await planRows(db, drafts), true, ignoredColumns);
  return writeTransaction(db, async (trx) => {
    await serialiseImports(trx);
    const plans = await planRows(trx, drafts);
    const result = resultOf(plans, false, ignoredColumns);
    if (result.rejected.length === 0) await applyPlans(trx, actor, plans);
    return result;
  });
}
