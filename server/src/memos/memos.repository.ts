import type { Kysely } from 'kysely';
import type { Memo } from '#shared/schemas/misc';
import type { Database } from '../db/database';

export function memosQuery(db: Kysely<Database>) {
  return db
    .selectFrom('memos')
    .leftJoin('users', 'users.id', 'memos.author_id')
    .selectAll('memos')
    .select('users.fullname');
}

type MemoRow = Awaited<ReturnType<ReturnType<typeof memosQuery>['executeTakeFirstOrThrow']>>;

export const toMemo = (row: MemoRow): Memo => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  author: row.author_id ? { _id: row.author_id, fullname: row.fullname ?? '' } : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function findMemo(db: Kysely<Database>, id: string): Promise<Memo | undefined> {
  const row = await memosQuery(db).where('memos.id', '=', id).executeTakeFirst();
  return row ? toMemo(row) : undefined;
}

export async function insertMemo(
  db: Kysely<Database>,
  memo: { title: string; body: string; authorId: string },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('memos')
    .values({
      id,
      title: memo.title,
      body: memo.body,
      author_id: memo.authorId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateMemo(
  db: Kysely<Database>,
  id: string,
  changes: { title?: string; body?: string },
): Promise<void> {
  await db
    .updateTable('memos')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteMemo(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('memos').where('id', '=', id).execute();
}
