/**
 * The memo board: shared team notes. Any staff member reads, writes, edits and
 * deletes any memo, as on a shared whiteboard; the author stays the first writer, and the
 * audit log keeps every change and deletion.
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/schemas/auth';
import type { Memo } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { notFound } from '../http/errors';
import { containsText, parseList, runList, type ListColumns } from '../http/list';
import { deleteMemo, findMemo, insertMemo, memosQuery, toMemo, updateMemo } from './memos.repository';
import { memosListSpec } from '#shared/list-specs';

const memosColumns: ListColumns = {
  columns: {
    authorId: 'memos.author_id',
    createdAt: 'memos.created_at',
    updatedAt: 'memos.updated_at',
    title: 'memos.title',
  },
  caseInsensitiveSorts: ['title'],
  tieBreaker: 'memos.id',
};

export function listMemos(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, memosListSpec);
  const text = query.extras.searchStr?.trim();
  const base = memosQuery(db);
  return runList(
    text ? base.where(containsText(['memos.title', 'memos.body'], text)) : base,
    query,
    memosColumns,
    toMemo,
  );
}

export function createMemo(
  db: Kysely<Database>,
  actor: SessionUser,
  input: { title: string; body: string },
): Promise<Memo> {
  return writeTransaction(db, async (trx) => {
    const id = await insertMemo(trx, { ...input, authorId: actor._id });
    const after = await findMemo(trx, id);
    if (!after) throw new Error('memo vanished inside its own transaction');
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'memo',
      entityId: id,
      entityName: after.title,
      action: 'create',
      after,
    });
    return after;
  });
}

export function editMemo(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  changes: { title?: string; body?: string },
): Promise<Memo> {
  return writeTransaction(db, async (trx) => {
    const before = (await lockRow(trx, 'memos', id)) ? await findMemo(trx, id) : undefined;
    if (!before) throw notFound();
    await updateMemo(trx, id, changes);
    const after = await findMemo(trx, id);
    if (!after) throw notFound();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'memo',
      entityId: id,
      entityName: after.title,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

export function removeMemo(db: Kysely<Database>, actor: SessionUser, id: string): Promise<void> {
  // Of parallel deletes the first wins; the others wait for its commit, then find nothing: 404.
  return writeTransaction(db, async (trx) => {
    const before = (await lockRow(trx, 'memos', id)) ? await findMemo(trx, id) : undefined;
    if (!before) throw notFound();
    await deleteMemo(trx, id);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'memo',
      entityId: id,
      entityName: before.title,
      action: 'delete',
      before,
    });
  });
}
