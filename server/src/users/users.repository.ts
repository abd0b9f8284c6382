/** Accounts: the users table. Functions take `db` or a transaction first. */
import { sql, type Expression, type Kysely, type Selectable } from 'kysely';
import type { Role } from '#shared/constants';
import type { SessionUser, User } from '#shared/schemas/auth';
import type { Database } from '../db/database';
import type { UsersTable } from './users.table';
import { containsText } from '../http/list';

export type UserRow = Selectable<UsersTable>;

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  fullname: row.fullname,
  email: row.email,
  username: row.username,
  role: row.role,
  active: row.active === 1,
  lastLoginAt: row.last_login_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toSessionUser = (
  row: Pick<UserRow, 'id' | 'fullname' | 'email' | 'username' | 'role'>,
): SessionUser => ({
  _id: row.id,
  fullname: row.fullname,
  email: row.email,
  username: row.username,
  role: row.role,
});

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Which of email / username another account already uses (case-insensitive). */
export async function findTakenFields(db: Kysely<Database>, email: string, username: string) {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
      ]),
    )
    .execute();
  const taken: ('email' | 'username')[] = [];
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) taken.push('email');
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) taken.push('username');
  return taken;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUser {
  fullname: string;
  email: string;
  username: string;
  passwordHash: string;
  role: Role | null;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  const row: UserRow = {
    id: crypto.randomUUID(),
    fullname: user.fullname,
    email: user.email,
    username: user.username,
    password_hash: user.passwordHash,
    role: user.role,
    active: 1,
    last_login_at: null,
    password_changed_at: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/** The Users screen's list: every account, optionally those whose name, email or username contain the text. */
export function usersListQuery(db: Kysely<Database>, text: string | undefined) {
  const base = db.selectFrom('users').selectAll('users');
  return text ? base.where(containsText(['users.fullname', 'users.email', 'users.username'], text)) : base;
}

/** An account's role for filtering, with a pending account (no role) as 'none'. */
export const userRoleExpression: Expression<string> = sql<string>`coalesce(users.role, 'none')`;

/** What an admin changes on the Users screen. */
export async function updateUserAccess(
  db: Kysely<Database>,
  id: string,
  changes: { role?: Role | null; active?: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export async function recordLogin(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Stores a new password hash; returns the time it changed. */
export async function setPasswordHash(
  db: Kysely<Database>,
  id: string,
  passwordHash: string,
): Promise<string> {
  const now = new Date().toISOString();
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  return now;
}
