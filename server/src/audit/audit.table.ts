/** The audit log, created by migration 001_core (its entity_name by 007_audit_history). */

export interface AuditLogTable {
  id: string;
  at: string;
  user_id: string | null;
  entity: string;
  entity_id: string;
  /** The record's display name when the change was made; null before the history screen. */
  entity_name: string | null;
  action: 'create' | 'update' | 'delete';
  /** JSON object or null */
  before: string | null;
  /** JSON object or null */
  after: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
