/** Sessions and password resets, created by migration 001_core. */

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

export interface AuthTables {
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
}
