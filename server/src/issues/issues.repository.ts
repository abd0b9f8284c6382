import type { Kysely } from 'kysely';
import type { Issue } from '#shared/schemas/misc';
import type { Database } from '../db/database';

export function issuesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('issues')
    .leftJoin('users as creator', 'creator.id', 'issues.created_by')
    .leftJoin('users as resolver', 'resolver.id', 'issues.resolved_by')
    .selectAll('issues')
    .select(['creator.fullname as creator_fullname', 'resolver.fullname as resolver_fullname']);
}

type IssueRow = Awaited<ReturnType<ReturnType<typeof issuesQuery>['executeTakeFirstOrThrow']>>;

export const toIssue = (row: IssueRow): Issue => ({
  _id: row.id,
  title: row.title,
  link: row.link,
  expectedPrice: row.expected_price,
  quantity: row.quantity,
  note: row.note,
  resolved: row.resolved === 1,
  createdBy: row.created_by ? { _id: row.created_by, fullname: row.creator_fullname ?? '' } : null,
  resolvedBy: row.resolved_by ? { _id: row.resolved_by, fullname: row.resolver_fullname ?? '' } : null,
  resolvedAt: row.resolved_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function findIssue(db: Kysely<Database>, id: string): Promise<Issue | undefined> {
  const row = await issuesQuery(db).where('issues.id', '=', id).executeTakeFirst();
  return row ? toIssue(row) : undefined;
}

export interface NewIssue {
  title: string;
  link: string | null;
  expectedPrice: number | null;
  quantity: number | null;
  note: string | null;
  createdBy: string;
}

export async function insertIssue(db: Kysely<Database>, issue: NewIssue): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('issues')
    .values({
      id,
      title: issue.title,
      link: issue.link,
      expected_price: issue.expectedPrice,
      quantity: issue.quantity,
      note: issue.note,
      resolved: 0,
      created_by: issue.createdBy,
      resolved_by: null,
      resolved_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Resolves (with who and when) or reopens (clearing both). */
export async function setIssueResolved(
  db: Kysely<Database>,
  id: string,
  resolved: boolean,
  userId: string,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('issues')
    .set(
      resolved
        ? { resolved: 1, resolved_by: userId, resolved_at: now, updated_at: now }
        : { resolved: 0, resolved_by: null, resolved_at: null, updated_at: now },
    )
    .where('id', '=', id)
    .execute();
}
