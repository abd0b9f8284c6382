/** Product requests and their resolution, created by migration 003_issues_memos. */
import type { Flag } from '../db/db.table';

export interface IssueTable {
  id: string;
  /** The requested product's name. */
  title: string;
  link: string | null;
  /** Whole yen. */
  expected_price: number | null;
  quantity: number | null;
  note: string | null;
  resolved: Flag;
  created_by: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IssueTables {
  issues: IssueTable;
}
