import { describe, expect, it } from 'vitest';
import { A4_MM, LABEL_SHEETS, labelBox, placeLabels, sheetsNeeded } from './label-sheet';

describe('label sheets', () => {
  it('fit A4: 24 labels of 70 × 37 mm and 40 of 52.5 × 29.7 mm', () => {
    for (const sheet of Object.values(LABEL_SHEETS)) {
      expect(sheet.columns * sheet.rows).toBe(sheet.perPage);
      expect(sheet.leftMm * 2 + sheet.columns * sheet.widthMm).toBeCloseTo(A4_MM.width, 6);
      expect(sheet.topMm * 2 + sheet.rows * sheet.heightMm).toBeCloseTo(A4_MM.height, 6);
    }
    expect(LABEL_SHEETS[24]).toMatchObject({ columns: 3, rows: 8, widthMm: 70, heightMm: 37 });
    expect(LABEL_SHEETS[40]).toMatchObject({ columns: 4, rows: 10, widthMm: 52.5, heightMm: 29.7 });
  });

  it('places label n left to right, then top to bottom', () => {
    const s24 = LABEL_SHEETS[24];
    expect(labelBox(s24, 1)).toEqual({ column: 0, row: 0, xMm: 0, yMm: 0.5 });
    expect(labelBox(s24, 3)).toEqual({ column: 2, row: 0, xMm: 140, yMm: 0.5 });
    expect(labelBox(s24, 5)).toEqual({ column: 1, row: 1, xMm: 70, yMm: 37.5 });
    expect(labelBox(s24, 24)).toEqual({ column: 2, row: 7, xMm: 140, yMm: 259.5 });
    const s40 = LABEL_SHEETS[40];
    expect(labelBox(s40, 1)).toEqual({ column: 0, row: 0, xMm: 0, yMm: 0 });
    expect(labelBox(s40, 6)).toMatchObject({ column: 1, row: 1, xMm: 52.5 });
    expect(labelBox(s40, 6).yMm).toBeCloseTo(29.7, 9);
    expect(labelBox(s40, 40)).toMatchObject({ column: 3, row: 9, xMm: 157.5 });
    expect(labelBox(s40, 40).yMm).toBeCloseTo(267.3, 9);
    expect(() => labelBox(s24, 0)).toThrow(RangeError);
    expect(() => labelBox(s24, 25)).toThrow(RangeError);
  });

  it('starts at a half-used sheet and breaks pages: 30 labels at 24 a sheet from 5 take 2 sheets, 20 on the first', () => {
    const placed = placeLabels(24, 5, 30);
    expect(sheetsNeeded(24, 5, 30)).toBe(2);
    expect(placed.filter((p) => p.page === 0)).toHaveLength(20);
    expect(placed.filter((p) => p.page === 1)).toHaveLength(10);
    expect(placed[0]).toEqual({ page: 0, position: 5 });
    expect(placed[19]).toEqual({ page: 0, position: 24 });
    expect(placed[20]).toEqual({ page: 1, position: 1 });
    expect(placed[29]).toEqual({ page: 1, position: 10 });
  });

  it('fills exact sheets without an empty one after', () => {
    expect(sheetsNeeded(40, 1, 40)).toBe(1);
    expect(sheetsNeeded(40, 1, 41)).toBe(2);
    expect(sheetsNeeded(24, 24, 1)).toBe(1);
    expect(sheetsNeeded(24, 24, 2)).toBe(2);
    expect(sheetsNeeded(24, 1, 0)).toBe(0);
    expect(placeLabels(40, 40, 2)).toEqual([
      { page: 0, position: 40 },
      { page: 1, position: 1 },
    ]);
    expect(() => placeLabels(24, 25, 1)).toThrow(RangeError);
    expect(() => placeLabels(24, 0, 1)).toThrow(RangeError);
  });
});
