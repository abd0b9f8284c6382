/**
 * Live sync's tables, created by migration 031_connections. Timestamps are ISO 8601 UTC text
 * (compared as text: the lease's expiry too), JSON is text.
 */
import type { Flag } from '../db/db.table';
import type { ConnectionKind } from './platform-source';

export interface ConnectionsTable {
  kind: ConnectionKind;
  /** JSON: Shopify `{ shopDomain }`, Amazon `{ clientId, marketplaceIds }`. */
  settings: string;
  /** JSON: field name → `{ sealed, setAt }` (secret-box.ts). */
  secrets: string;
  enabled: Flag;
  interval_minutes: number;
  /** The source's opaque cursor after the last stored page; null before the first. */
  cursor: string | null;
  consecutive_failures: number;
  /** Set when the platform refused the credentials: the connection waits for new ones. */
  stopped_code: string | null;
  stopped_message: string | null;
  /** The admin who last saved it: its runs write orders and history in this name. */
  saved_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConnectionLeasesTable {
  kind: ConnectionKind;
  /** The run holding the lease, until `expires_at`; null when free. */
  run_id: string | null;
  expires_at: string | null;
}

export type ConnectionRunStatus = 'running' | 'succeeded' | 'failed';

export interface ConnectionRunsTable {
  id: string;
  kind: ConnectionKind;
  started_at: string;
  finished_at: string | null;
  status: ConnectionRunStatus;
  created: number;
  updated: number;
  unmatched: number;
  errors: number;
  message_code: string | null;
  message: string | null;
}

export interface ConnectionUnmatchedTable {
  kind: ConnectionKind;
  line_key: string;
  match_key: string;
  platform_code: string;
  order_id: string;
  sku: string;
  asin: string;
  name: string;
  /** JSON: the whole ImportLine. */
  line: string;
  created_at: string;
  updated_at: string;
}

export interface ConnectionMappingsTable {
  kind: ConnectionKind;
  match_key: string;
  product_id: string;
  saved_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConnectionTables {
  connections: ConnectionsTable;
  connection_leases: ConnectionLeasesTable;
  connection_runs: ConnectionRunsTable;
  connection_unmatched: ConnectionUnmatchedTable;
  connection_mappings: ConnectionMappingsTable;
}
