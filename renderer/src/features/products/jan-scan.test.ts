import { describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { scannedJan } from './jan-scan';

describe('scannedJan', () => {
  const jan = withJanCheckDigit('490123456789');

  it('accepts 13 digits with a valid check digit, trimmed', () => {
    expect(scannedJan(jan)).toBe(jan);
    expect(scannedJan(` ${jan}\n`)).toBe(jan);
  });

  it.each([
    ['a wrong check digit', `${jan.slice(0, 12)}${(Number(jan.at(-1)) + 1) % 10}`],
    ['12 digits', jan.slice(0, 12)],
    ['the short 8-digit form (typed, not scanned)', withJanCheckDigit('4901234')],
    ['text', 'Matcha 490123'],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(scannedJan(text)).toBeNull();
  });
});
