/** The admin's Users screen: list accounts, grant roles, deactivate. */
import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '#shared/messages';
import type { ListQuery } from '#shared/query';
import type { SessionUser, User, UserUpdate } from '#shared/schemas/auth';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { deleteUserSessions, findUserById, toUser } from '../auth/auth.repository';
import { badRequest, notFound } from '../http/errors';
import { compare, containsText, parseList, runList, runSearch, type ListColumns } from '../http/list';
import { usersListSpec } from '#shared/list-specs';

const usersColumns: ListColumns = {
  columns: {
    fullname: 'users.fullname',
    email: 'users.email',
    username: 'users.username',
    role: 'users.role',
    active: 'users.active',
    createdAt: 'users.created_at',
    lastLoginAt: 'users.last_login_at',
  },
  caseInsensitiveSorts: ['fullname', 'email', 'username'],
  nullableSorts: ['role', 'lastLoginAt'],
  customFilters: {
    role: (filter) => compare(sql`coalesce(users.role, 'none')`, filter),
  },
  tieBreaker: 'users.id',
};

function usersQuery(db: Kysely<Database>, query: ListQuery) {
  const base = db.selectFrom('users').selectAll('users');
  const text = query.extras.searchStr?.trim();
  return text ? base.where(containsText(['users.fullname', 'users.email', 'users.username'], text)) : base;
}

export function listUsers(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, usersListSpec);
  return runList(usersQuery(db, query), query, usersColumns, toUser);
}

/** The same list under the search contract (`totalcount`), for type-ahead pickers. */
export function searchUsers(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, usersListSpec);
  return runSearch(usersQuery(db, query), query, usersColumns, toUser);
}

export async function updateUser(db: Kysely<Database>, actor: SessionUser, id: string, changes: UserUpdate) {
  // Keeps the shop from ever being left without an administrator.
  if (
    id === actor._id &&
    ((changes.role !== undefined && changes.role !== 'admin') || changes.active === false)
  ) {
    throw badRequest(MESSAGES.cannotChangeOwnAccount);
  }
  return db.transaction().execute(async (trx): Promise<User> => {
    const before = await findUserById(trx, id);
    if (!before) throw notFound();
    const now = new Date().toISOString();
    await trx
      .updateTable('users')
      .set({
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    const after = await findUserById(trx, id);
    if (!after) throw notFound();
    // A deactivated account is signed out everywhere at once, not when its tokens expire.
    if (after.active !== 1) await deleteUserSessions(trx, id);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'user',
      entityId: id,
      action: 'update',
      before: toUser(before),
      after: toUser(after),
    });
    return toUser(after);
  });
}
