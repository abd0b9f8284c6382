/**
 * Product requests: any staff member files one; an admin marks it resolved, or turns it into a
 * product, which resolves it in the same transaction. Resolving an already resolved request
 * changes nothing and answers the request as it is (200): the first resolver and time stay, and
 * no audit entry is added, so parallel or repeated clicks are harmless. Turning an already
 * resolved request into a product is refused (409) and creates nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '#shared/schemas/auth';
import type { Issue } from '#shared/schemas/misc';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { MESSAGES } from '#shared/messages';
import type { Product } from '#shared/schemas/product';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { HttpError, notFound } from '../http/errors';
import { createProductIn } from '../products/products.service';
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
  return writeTransaction(db, async (trx) => {
    const id = await insertIssue(trx, { ...input, createdBy: actor._id });
    const after = await findIssue(trx, id);
    if (!after) throw new Error('issue vanished inside its own transaction');
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'issue',
      entityId: id,
      entityName: after.title,
      action: 'create',
      after,
    });
    return after;
  });
}

export function resolveIssue(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  resolved: boolean,
): Promise<Issue> {
  return writeTransaction(db, async (trx) => {
    const before = await lockIssue(trx, id);
    if (before.resolved === resolved) return before;
    return setResolved(trx, actor, before, resolved);
  });
}

/** Creates the product a request asked for and resolves the request, in one transaction. */
export function createProductFromIssue(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  input: Parameters<typeof createProductIn>[2],
): Promise<{ product: Product; issue: Issue }> {
  return writeTransaction(db, async (trx) => {
    const before = await lockIssue(trx, id);
    if (before.resolved) throw new HttpError(409, MESSAGES.requestAlreadyResolved);
    const product = await createProductIn(trx, actor, input);
    return { product, issue: await setResolved(trx, actor, before, true) };
  });
}

async function lockIssue(trx: Transaction<Database>, id: string): Promise<Issue> {
  const issue = (await lockRow(trx, 'issues', id)) ? await findIssue(trx, id) : undefined;
  if (!issue) throw notFound();
  return issue;
}

async function setResolved(
  trx: Transaction<Database>,
  actor: SessionUser,
  before: Issue,
  resolved: boolean,
): Promise<Issue> {
  await setIssueResolved(trx, before._id, resolved, actor._id);
  const after = await findIssue(trx, before._id);
  if (!after) throw notFound();
  await recordAudit(trx, {
    userId: actor._id,
    entity: 'issue',
    entityId: before._id,
    entityName: after.title,
    action: 'update',
    before,
    after,
  });
  return after;
}
