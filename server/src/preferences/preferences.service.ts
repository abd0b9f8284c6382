/** Each user's UI preferences (column choices, page sizes), private to that user. */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { MESSAGES } from '#shared/messages';
import type { UserPreference } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { HttpError, notFound } from '../http/errors';
import { findPreference, listPreferences, toPreference, upsertPreference } from './preferences.repository';

/**
 * A screen's settings fit in a few hundred bytes; the bound keeps one account from filling the
 * database, and the audit log (which copies each value before and after) from ballooning.
 */
export const PREFERENCE_MAX_BYTES = 16 * 1024;

/**
 * How many of a user's preferences one read answers with: the screens keep about ten. A user
 * who saved more gets the first by id; the others read as unset, and their screens show their
 * defaults.
 */
export const PREFERENCES_LIST_MAX = 200;

/**
 * Every preference the user saved: the client reads them once, and knows a key it does not
 * find is unset, instead of asking for each key and being told 404 for each unset one.
 */
export async function getPreferences(db: Kysely<Database>, userId: string): Promise<UserPreference[]> {
  return (await listPreferences(db, userId, PREFERENCES_LIST_MAX)).map(toPreference);
}

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
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > PREFERENCE_MAX_BYTES) {
    throw new HttpError(413, MESSAGES.preferenceTooLarge, [
      { field: 'value', message: MESSAGES.preferenceTooLarge },
    ]);
  }
  return writeTransaction(db, async (trx) => {
    // The preference row may not exist yet, so its owner's row is the lock (db/locking.ts):
    // two first saves at once record one 'create' and one 'update', not two creates.
    if (!(await lockRow(trx, 'users', userId))) throw notFound();
    const before = await findPreference(trx, userId, prefId);
    const beforeValue = before ? (JSON.parse(before.value) as unknown) : undefined;
    // Screens save again what they loaded; an unchanged value leaves no trace.
    if (before && isDeepStrictEqual(beforeValue, value)) return toPreference(before);
    await upsertPreference(trx, userId, prefId, value);
    const after = await findPreference(trx, userId, prefId);
    if (!after) throw new Error('preference vanished inside its own transaction');
    await recordAudit(trx, {
      userId,
      entity: 'userPreference',
      entityId: prefId,
      entityName: prefId,
      action: before ? 'update' : 'create',
      before: before ? { value: beforeValue } : null,
      after: { value },
    });
    return toPreference(after);
  });
}
