/** The team's memo board, created by migration 003_issues_memos. */
export interface MemoTable {
  id: string;
  title: string;
  body: string;
  /** Who wrote it first; later editors appear in the audit log. */
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface MemoTables {
  memos: MemoTable;
}
