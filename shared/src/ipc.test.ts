import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { isStoredSession, pdfSaveSchema, sessionSchema } from './ipc';

describe('the stored session read without the schema library', () => {
  const role = fc.oneof(fc.constantFrom(...ROLES, null), fc.string({ maxLength: 12 }), fc.integer());
  const token = fc.oneof(fc.string({ maxLength: 600 }), fc.constant(''), fc.integer(), fc.constant(null));
  const candidate = fc.oneof(
    fc.record({ token, role }, { requiredKeys: [] }),
    fc.record({ token, role, extra: fc.string() }),
    fc.constantFrom(null, 'token', 42, [], ['token']),
  );

  it('accepts exactly what sessionSchema accepts', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        expect(isStoredSession(value)).toBe(sessionSchema.safeParse(value).success);
      }),
      { numRuns: 3000 },
    );
    expect(isStoredSession({ token: 'x'.repeat(512), role: 'admin' })).toBe(true);
    expect(isStoredSession({ token: 'x'.repeat(513), role: 'admin' })).toBe(false);
    expect(isStoredSession({ token: 't', role: null })).toBe(true);
  });
});

describe('a PDF to save', () => {
  it('takes an API path named as a file, never an address', () => {
    const ok = (path: string) => pdfSaveSchema.safeParse({ defaultName: 'x.pdf', path }).success;
    expect(ok('pick-list.pdf?orderIds=a,b')).toBe(true);
    expect(ok('labels/products.pdf?ids=a,b&quantities=1,2&perPage=24&start=5')).toBe(true);
    expect(ok('https://evil.example/pick-list.pdf')).toBe(false);
    expect(ok('//evil.example/pick-list.pdf')).toBe(false);
    expect(ok('../pick-list.pdf')).toBe(false);
    expect(ok('')).toBe(false);
  });
});
