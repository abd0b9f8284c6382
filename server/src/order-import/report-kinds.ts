/**
 * The two reports Kura reads, as far as their header goes: how cells are separated and which
 * columns each must have. Both readers know both, so a file chosen under the wrong platform is
 * told by its header ("This looks like a Shopify report"), where a list of missing columns left
 * staff guessing.
 */
export interface ReportKind {
  /** The platform as staff name it in the messages: the report is "exported from" it. */
  platform: 'Amazon' | 'Shopify';
  /** What a file with this report's header says when it was chosen under the other platform. */
  looksLike: 'reportLooksLikeAmazon' | 'reportLooksLikeShopify';
  delimiter: ',' | '\t';
  /** Column names, trimmed and in lower case, as headers are compared. */
  required: readonly string[];
}

/** Amazon's All Orders report: tab-separated. */
export const AMAZON_REPORT: ReportKind = {
  platform: 'Amazon',
  looksLike: 'reportLooksLikeAmazon',
  delimiter: '\t',
  required: ['amazon-order-id', 'purchase-date', 'sales-channel', 'sku', 'quantity', 'item-price'],
};

/** Shopify's orders export: CSV. */
export const SHOPIFY_REPORT: ReportKind = {
  platform: 'Shopify',
  looksLike: 'reportLooksLikeShopify',
  delimiter: ',',
  required: ['name', 'created at', 'lineitem quantity', 'lineitem price', 'lineitem sku'],
};

export const otherReport = (kind: ReportKind): ReportKind =>
  kind === AMAZON_REPORT ? SHOPIFY_REPORT : AMAZON_REPORT;

const normalise = (name: string) =>
  name
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();

/**
 * Whether a header read as `read` is `kind`'s. The header was split by `read`'s delimiter, so
 * the other report's header is one cell (neither report's names hold the other's delimiter):
 * joined again and split by `kind`'s, its names show.
 */
export function headerIsOf(cells: readonly string[], read: ReportKind, kind: ReportKind): boolean {
  const names = new Set(cells.join(read.delimiter).split(kind.delimiter).map(normalise));
  return kind.required.every((name) => names.has(name));
}
