/** The admin's Users screen: list accounts, grant roles, deactivate. */
import type { Kysely } from 'kysely';
import { MESSAGES } from '#shared/messages';
import type { SessionUser, User, UserUpdate } from '#shared/schemas/auth';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { deleteUserSessions } from '../auth/auth.repository';
import { lockRows } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { HttpError, badRequest, notFound } from '../http/errors';
import { compare, parseList, runList, runSearch, type ListColumns } from '../http/list';
import { usersListSpec } from '#shared/list-specs';
import {
  findUserById,
  toUser,
  updateUserAccess,
  userRoleExpression,
  usersListQuery,
} from './users.repository';

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
    role: (filter) => compare(userRoleExpression, filter),
  },
  tieBreaker: 'users.id',
};

export function listUsers(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, usersListSpec);
  return runList(usersListQuery(db, query.extras.searchStr?.trim()), query, usersColumns, toUser);
}

/** The same list under the search contract (`totalcount`), for type-ahead pickers. */
export function searchUsers(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, usersListSpec);
  return runSearch(usersListQuery(db, query.extras.searchStr?.trim()), query, usersColumns, toUser);
}

/**
 * The shop must never be left without an active administrator. An admin cannot demote or
 * deactivate themselves, and the acting admin's row is locked together with the target's and
 * must still be an active admin: so when this commits, the actor is one, whatever other admins
 * did meanwhile (two admins demoting each other at once: the second finds it is no longer
 * admin and is refused).
 */
export async function updateUser(db: Kysely<Database>, actor: SessionUser, id: string, changes: UserUpdate) {
  if (
    id === actor._id &&
    ((changes.role !== undefined && changes.role !== 'admin') || changes.active === false)
  ) {
    throw badRequest(MESSAGES.cannotChangeOwnAccount);
  }
  return writeTransaction(db, async (trx): Promise<User> => {
    const found = await lockRows(trx, 'users', [actor._id, id]);
    const acting = found.has(actor._id) ? await findUserById(trx, actor._id) : undefined;
    if (!acting || acting.active !== 1 || acting.role !== 'admin') {
      throw new HttpError(403, MESSAGES.forbidden);
    }
    const before = found.has(id) ? await findUserById(trx, id) : undefined;
    if (!before) throw notFound();
    await updateUserAccess(trx, id, changes);
    const after = await findUserById(trx, id);
    if (!after) throw notFound();
    // A deactivated account is signed out everywhere at once, not when its tokens expire.
    if (after.active !== 1) await deleteUserSessions(trx, id);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'user',
      entityId: id,
      entityName: after.fullname,
      action: 'update',
      before: toUser(before),
      after: toUser(after),
    });
    return toUser(after);
  });
}
