/**
 * Sessions and reset tokens. Functions take `db` or a transaction first. The accounts
 * themselves are in users/users.repository.ts.
 */
import type { Kysely } from 'kysely';
import { executeCompiled } from '../db/compiled';
import type { Database } from '../db/database';
import { toSessionUser } from '../users/users.repository';

// Account functions used to live here; re-exported so older imports keep working.
export {
  countUsers,
  findTakenFields,
  findUserByEmail,
  findUserById,
  insertUser,
  toSessionUser,
  toUser,
  type NewUser,
  type UserRow,
} from '../users/users.repository';

/** Sessions slide: each use pushes expiry 30 days ahead. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Writing last-used on every request would make each read a write; once a minute is plenty. */
const SESSION_TOUCH_MS = 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export async function createSession(db: Kysely<Database>, userId: string, tokenHash: string): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: tokenHash,
      user_id: userId,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    })
    .execute();
}

/** The active user behind a token hash, sliding the session's expiry; undefined if none. */
export async function findSessionUser(db: Kysely<Database>, tokenHash: string) {
  const now = new Date();
  const at = now.toISOString();
  // Every request runs it: compiled once (db/compiled.ts).
  const [row] = await executeCompiled(
    db,
    'auth.sessionUser',
    () =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.last_used_at',
          'users.id',
          'users.fullname',
          'users.email',
          'users.username',
          'users.role',
        ])
        .where('sessions.id', '=', tokenHash)
        .where('sessions.expires_at', '>', at)
        .where('users.active', '=', 1),
    [tokenHash, at, 1],
  );
  if (!row) return undefined;
  if (now.getTime() - Date.parse(row.last_used_at) > SESSION_TOUCH_MS) {
    await db
      .updateTable('sessions')
      .set({
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      })
      .where('id', '=', tokenHash)
      .execute();
  }
  return toSessionUser(row);
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function createPasswordReset(
  db: Kysely<Database>,
  userId: string,
  tokenHash: string,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('password_resets')
    .values({
      id: tokenHash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
}

/** The user of an unused, unexpired reset token; undefined when there is none. */
export async function findUsablePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('id', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

export async function markPasswordResetUsed(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', tokenHash)
    .execute();
}

/** Every other outstanding reset link of the user dies with a successful reset. */
export async function deleteUserPasswordResets(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
