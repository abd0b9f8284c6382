/** Accounts, created by migration 001_core. */
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

export interface UserTables {
  users: UsersTable;
}
