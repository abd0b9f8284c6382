/**
 * What the preview says when importing would write nothing: a file with no order lines at all (a
 * report exported over days without orders, or its header alone) is told apart from one whose
 * lines are all imported already or cannot be, since staff do something different about each.
 */
import type { OrderImportResult } from '#shared/schemas/order-import';

export type PreviewNotice = 'noLines' | 'nothingNew';

export function previewNotice(result: OrderImportResult): PreviewNotice | null {
  if (result.created + result.updated > 0) return null;
  const rows = result.skipped + result.unmatchedCount + result.errorCount;
  return rows === 0 ? 'noLines' : 'nothingNew';
}
