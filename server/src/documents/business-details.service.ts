/**
 * The business details: what the customs papers print as the exporter. Staff read them (the
 * papers are theirs to make); admins set them, with an audit entry, under the row's lock.
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/schemas/auth';
import type { BusinessDetails } from '#shared/schemas/shipment-documents';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { notFound } from '../http/errors';
import {
  lockBusinessDetailsRow,
  readBusinessDetailsRow,
  toBusinessDetails,
  writeBusinessDetails,
} from './business-details.repository';

export async function getBusinessDetails(db: Kysely<Database>): Promise<BusinessDetails> {
  return toBusinessDetails(await readBusinessDetailsRow(db));
}

/** Whether the papers have an exporter to print: the name, address, phone and email are set. */
export const businessDetailsSet = (details: BusinessDetails) =>
  details.name !== '' && details.address !== '' && details.phone !== '' && details.email !== '';

export function setBusinessDetails(
  db: Kysely<Database>,
  actor: SessionUser,
  values: Omit<BusinessDetails, 'updatedAt'>,
): Promise<BusinessDetails> {
  return writeTransaction(db, async (trx) => {
    const beforeRow = await lockBusinessDetailsRow(trx);
    if (!beforeRow) throw notFound();
    const before = toBusinessDetails(beforeRow);
    const unchanged =
      before.updatedAt !== null &&
      before.name === values.name &&
      before.address === values.address &&
      before.phone === values.phone &&
      before.email === values.email &&
      before.taxId === values.taxId;
    // An unchanged save leaves no trace in the history.
    if (unchanged) return before;
    await writeBusinessDetails(trx, values, actor._id);
    const after = toBusinessDetails(await lockBusinessDetailsRow(trx));
    const snapshot = ({ updatedAt: _, ...fields }: BusinessDetails) => fields;
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'businessDetails',
      entityId: '1',
      entityName: after.name,
      action: 'update',
      before: before.updatedAt === null ? null : snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}
