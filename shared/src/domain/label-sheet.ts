/**
 * Sheets of product labels: the two common A4 label sheets, where label n sits on them, and
 * which sheet and position each label of a run takes when the first sheet is partly used.
 * Positions count from 1, left to right then top to bottom, as printed on the sheets' packs.
 */

export const LABELS_PER_PAGE = [24, 40] as const;
export type LabelsPerPage = (typeof LABELS_PER_PAGE)[number];

export interface LabelSheet {
  perPage: LabelsPerPage;
  columns: number;
  rows: number;
  /** One label's size, millimetres. */
  widthMm: number;
  heightMm: number;
  /** The first label's top-left corner from the page's, millimetres. */
  leftMm: number;
  topMm: number;
}

export const A4_MM = { width: 210, height: 297 } as const;

/**
 * 24: 3 × 8 labels of 70 × 37 mm, edge to edge across the width; the 8 rows are 296 mm, so
 * half a millimetre is left above and below. 40: 4 × 10 labels of 52.5 × 29.7 mm fill the page.
 */
export const LABEL_SHEETS: Readonly<Record<LabelsPerPage, LabelSheet>> = {
  24: { perPage: 24, columns: 3, rows: 8, widthMm: 70, heightMm: 37, leftMm: 0, topMm: 0.5 },
  40: { perPage: 40, columns: 4, rows: 10, widthMm: 52.5, heightMm: 29.7, leftMm: 0, topMm: 0 },
};

export interface LabelBox {
  column: number;
  row: number;
  /** The label's top-left corner, millimetres from the page's. */
  xMm: number;
  yMm: number;
}

/** Where label `position` (1 … perPage) sits on its sheet; columns and rows count from 0. */
export function labelBox(sheet: LabelSheet, position: number): LabelBox {
  if (!Number.isInteger(position) || position < 1 || position > sheet.perPage) {
    throw new RangeError(`No label ${position} on a sheet of ${sheet.perPage}`);
  }
  const column = (position - 1) % sheet.columns;
  const row = Math.floor((position - 1) / sheet.columns);
  return {
    column,
    row,
    xMm: sheet.leftMm + column * sheet.widthMm,
    yMm: sheet.topMm + row * sheet.heightMm,
  };
}

export interface PlacedLabel {
  /** The sheet, from 0. */
  page: number;
  /** The position on that sheet, from 1. */
  position: number;
}

/**
 * The sheet and position of each of `count` labels, the first at `start` on the first sheet
 * (the positions before it are already used), the rest filling each sheet before the next.
 */
export function placeLabels(perPage: LabelsPerPage, start: number, count: number): PlacedLabel[] {
  if (!Number.isInteger(start) || start < 1 || start > perPage) {
    throw new RangeError(`Start ${start} is not a position of a sheet of ${perPage}`);
  }
  return Array.from({ length: count }, (_, n) => {
    const slot = start - 1 + n;
    return { page: Math.floor(slot / perPage), position: (slot % perPage) + 1 };
  });
}

/** How many sheets `count` labels from `start` take. */
export const sheetsNeeded = (perPage: LabelsPerPage, start: number, count: number) =>
  count === 0 ? 0 : Math.ceil((start - 1 + count) / perPage);
