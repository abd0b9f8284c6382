/** Each user's UI preferences (SPEC §7 user-preferences), private to that user. */
import type { Kysely } from 'kysely';
import type { UserPreference } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { notFound } from '../http/errors';
import { findPreference, toPreference, upsertPreference } from './preferences.repository';

export async function getPreference(
  db: Kysely<Database>,
  userId: string,
  prefId: string,
): Promise<UserPreference> {
  const row = await findPreference(db, userId, prefId);
  if (!row) throw notFound();
  return toPreference(row);
}

export function savePreference(
  db: Kysely<Database>,
  userId: string,
  prefId: string,
  value: Record<string, unknown>,
): Promise<UserPreference> {
  return db.transaction().execute(async (trx) => {
    const before = await findPreference(trx, userId, prefId);
    await upsertPreference(trx, userId, prefId, value);
    const after = await findPreference(trx, userId, prefId);
    if (!after) throw new Error('preference vanished inside its own transaction');
    await recordAudit(trx, {
      userId,
      entity: 'userPreference',
      entityId: prefId,
      action: before ? 'update' : 'create',
      before: before ? { value: JSON.parse(before.value) as unknown } : null,
      after: { value },
    });
    return toPreference(after);
  });
}
