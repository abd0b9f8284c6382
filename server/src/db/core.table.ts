/**
 * Tables of the core: accounts, sessions, password resets, the audit log and user
 * preferences. One schema for SQLite and PostgreSQL (see migrations/001_core.ts): ids are
 * text, timestamps ISO 8601 UTC text, booleans integer 0/1, JSON as text.
 */
import type { Role } from '#shared/constants';

export interface UsersTable {
  id: string;
  fullname: string;
  /** As typed at registration; uniqueness and look-ups are case-insensitive (lower()). */
  email: string;
  username: string;
  password_hash: string;
  role: Role | null;
  /** 0/1 */
  active: number;
  last_login_at: string | null;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 hex of the bearer token: the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  /** sha256 hex of the one-time reset token. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

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

export interface UserPreferencesTable {
  user_id: string;
  pref_id: string;
  /** JSON object */
  value: string;
  created_at: string;
  updated_at: string;
}

/** One counter per table, bumped by triggers on every write (migration 004_list_engine). */
export interface ListVersionsTable {
  name: string;
  version: number;
}

export interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  user_preferences: UserPreferencesTable;
  list_versions: ListVersionsTable;
}
