import type { Kysely, Selectable } from 'kysely';
import type { UserPreference } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import type { UserPreferencesTable } from './preferences.table';

type Row = Selectable<UserPreferencesTable>;

export const toPreference = (row: Row): UserPreference => ({
  _id: row.pref_id,
  value: JSON.parse(row.value) as Record<string, unknown>,
  updatedAt: row.updated_at,
});

export function findPreference(db: Kysely<Database>, userId: string, prefId: string) {
  return db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pref_id', '=', prefId)
    .executeTakeFirst();
}

/** A user's preferences by id, at most `limit`. */
export function listPreferences(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('pref_id')
    .limit(limit)
    .execute();
}

export async function upsertPreference(db: Kysely<Database>, userId: string, prefId: string, value: unknown) {
  const now = new Date().toISOString();
  const json = JSON.stringify(value);
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, pref_id: prefId, value: json, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'pref_id']).doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
