/**
 * The audit log: the one mechanism every write of every resource goes through. Call
 * {@link recordAudit} with the same transaction as the write, so the entry exists exactly
 * when the change does.
 */
import type { Kysely } from 'kysely';
import type { AuditEntry } from '#shared/schemas/misc';
import type { Database } from '../db/database';

export type AuditAction = 'create' | 'update' | 'delete';
type Snapshot = Record<string, unknown> | null | undefined;

export interface AuditInput {
  /** Who did it; null for the system (demo seed, a stranger resetting a password by link). */
  userId: string | null;
  /** Entity name in the API's singular camelCase: 'user', 'category', 'order'. */
  entity: string;
  entityId: string;
  /**
   * The record's display name at the time of the change (a product's name, a user's name, a
   * memo's title): the history shows it instead of the id, even after a rename or a delete.
   */
  entityName: string | null;
  action: AuditAction;
  before?: Snapshot;
  after?: Snapshot;
}

/** Never written to the log, at any depth: secrets must not leak into an admin screen. */
const SECRET_KEY = /(password|hash|token|secret)$/i;

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, scrub(v)]),
    );
  }
  return value;
}

const toJson = (snapshot: Snapshot) => (snapshot ? JSON.stringify(scrub(snapshot)) : null);

export async function recordAudit(trx: Kysely<Database>, input: AuditInput): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      at: new Date().toISOString(),
      user_id: input.userId,
      entity: input.entity,
      entity_id: input.entityId,
      entity_name: input.entityName,
      action: input.action,
      before: toJson(input.before),
      after: toJson(input.after),
    })
    .execute();
}

/**
 * {@link recordAudit} for many entries at once (a bulk status change, an import's batch): one
 * multi-row insert, since a statement per entry costs more than the entry.
 */
export async function recordAudits(trx: Kysely<Database>, inputs: readonly AuditInput[]): Promise<void> {
  const at = new Date().toISOString();
  const rows = inputs.map((input) => ({
    id: crypto.randomUUID(),
    at,
    user_id: input.userId,
    entity: input.entity,
    entity_id: input.entityId,
    entity_name: input.entityName,
    action: input.action,
    before: toJson(input.before),
    after: toJson(input.after),
  }));
  // 9 columns a row: 250 rows stay far below both databases' bound on parameters.
  for (let i = 0; i < rows.length; i += 250) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + 250))
      .execute();
  }
}

export function auditQuery(db: Kysely<Database>) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'users.fullname',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.entity_name',
      'audit_log.action',
      'audit_log.before',
      'audit_log.after',
    ]);
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['executeTakeFirstOrThrow']>>;

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: row.at,
  user: row.user_id ? { _id: row.user_id, fullname: row.fullname ?? '' } : null,
  entity: row.entity,
  entityId: row.entity_id,
  entityName: row.entity_name,
  action: row.action,
  before: row.before ? (JSON.parse(row.before) as Record<string, unknown>) : null,
  after: row.after ? (JSON.parse(row.after) as Record<string, unknown>) : null,
});
