/**
 * The change log of the offline cache's sync, created by migration 029_sync_changes: a note per
 * written order, shipment and product, by trigger. Positions are (tx, seq): on PostgreSQL `tx`
 * is the writing transaction's id (xid8, read as text) and notes are read only below the
 * reader's snapshot xmin; on SQLite `tx` does not exist and `seq` alone orders the notes.
 */
import type { Generated } from 'kysely';

export type SyncEntity = 'order' | 'shipment' | 'product';

export interface SyncChangeTable {
  seq: Generated<number>;
  entity: SyncEntity;
  row_id: string;
  noted_at: Generated<string>;
}

/** One row: the highest position pruned. A cursor below it has lost notes. */
export interface SyncHorizonTable {
  id: number;
  tx: string;
  seq: number;
}

export interface SyncTables {
  sync_changes: SyncChangeTable;
  sync_horizon: SyncHorizonTable;
}
