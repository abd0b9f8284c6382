/**
 * Product requests (SPEC §1, §4, §7 issues): any staff member files one; an admin marks it
 * resolved. Resolving an already resolved request changes nothing: the first resolver and
 * time stay, and no audit entry is added.
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/schemas/auth';
import type { Issue } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { notFound } from '../http/errors';
import { containsText, parseList, runList, type ListColumns } from '../http/list';
import {
  findIssue,
  insertIssue,
  issuesQuery,
  setIssueResolved,
  toIssue,
  type NewIssue,
} from './issues.repository';
import { issuesListSpec } from '#shared/list-specs';

const issuesColumns: ListColumns = {
  columns: {
    resolved: 'issues.resolved',
    createdBy: 'issues.created_by',
    createdAt: 'issues.created_at',
    updatedAt: 'issues.updated_at',
    resolvedAt: 'issues.resolved_at',
    title: 'issues.title',
    expectedPrice: 'issues.expected_price',
    quantity: 'issues.quantity',
  },
  caseInsensitiveSorts: ['title'],
  nullableSorts: ['resolvedAt', 'expectedPrice', 'quantity'],
  tieBreaker: 'issues.id',
};

export function listIssues(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, issuesListSpec);
  const text = query.extras.searchStr?.trim();
  const base = issuesQuery(db);
  return runList(
    text ? base.where(containsText(['issues.title', 'issues.note'], text)) : base,
    query,
    issuesColumns,
    toIssue,
  );
}

export function createIssue(
  db: Kysely<Database>,
  actor: SessionUser,
  input: Omit<NewIssue, 'createdBy'>,
): Promise<Issue> {
  return db.transaction().execute(async (trx) => {
    const id = await insertIssue(trx, { ...input, createdBy: actor._id });
    const after = await findIssue(trx, id);
    if (!after) throw new Error('issue vanished inside its own transaction');
    await recordAudit(trx, { userId: actor._id, entity: 'issue', entityId: id, action: 'create', after });
    return after;
  });
}

export function resolveIssue(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  resolved: boolean,
): Promise<Issue> {
  return db.transaction().execute(async (trx) => {
    const before = await findIssue(trx, id);
    if (!before) throw notFound();
    if (before.resolved === resolved) return before;
    await setIssueResolved(trx, id, resolved, actor._id);
    const after = await findIssue(trx, id);
    if (!after) throw notFound();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'issue',
      entityId: id,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}
