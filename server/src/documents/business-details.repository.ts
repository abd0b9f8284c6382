/** The business details' SQL: the one row, read, locked and written. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BusinessDetails } from '#shared/schemas/shipment-documents';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { BusinessDetailsTable } from './business-details.table';

type Row = Selectable<BusinessDetailsTable>;

export const toBusinessDetails = (row: Row | undefined): BusinessDetails => ({
  name: row?.name ?? '',
  address: row?.address ?? '',
  phone: row?.phone ?? '',
  email: row?.email ?? '',
  taxId: row?.tax_id ?? '',
  updatedAt: row?.updated_at ?? null,
});

export function readBusinessDetailsRow(db: Kysely<Database>): Promise<Row | undefined> {
  return db.selectFrom('business_details').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Locks the row until the transaction ends and reads it (SQLite's one writer needs no lock). */
export async function lockBusinessDetailsRow(trx: Kysely<Database>): Promise<Row | undefined> {
  const forUpdate = isPostgres(trx) ? sql` for update` : sql``;
  const { rows } = await sql<Row>`select * from business_details where id = 1${forUpdate}`.execute(trx);
  return rows[0];
}

export async function writeBusinessDetails(
  trx: Kysely<Database>,
  values: Omit<BusinessDetails, 'updatedAt'>,
  userId: string,
): Promise<void> {
  await trx
    .updateTable('business_details')
    .set({
      name: values.name,
      address: values.address,
      phone: values.phone,
      email: values.email,
      tax_id: values.taxId === '' ? null : values.taxId,
      updated_by: userId,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', 1)
    .execute();
}
