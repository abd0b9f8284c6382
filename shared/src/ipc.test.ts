import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { isStoredSession, sessionSchema } from './ipc';

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
