/**
 * Barcode scanners act as keyboards: they type a JAN's 13 digits, then Enter. The product
 * list's search box and the order-entry product picker both recognise such input here.
 */
import { isValidJan } from '#shared/domain/jan';

/** The JAN the text is, when it is exactly what a scanner types (13 digits with a valid check digit). */
export function scannedJan(text: string): string | null {
  const code = text.trim();
  return /^\d{13}$/.test(code) && isValidJan(code) ? code : null;
}
