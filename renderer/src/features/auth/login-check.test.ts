import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { CONTROL_CHARACTERS } from '#shared/schemas/common';
import { loginInputSchema } from '#shared/schemas/auth';
import { checkLogin } from './login-check';

/** The first message the schema gives per field, as the form showed them before. */
function schemaErrors(values: { email: string; password: string }) {
  const parsed = loginInputSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { errors };
}

describe('the sign-in form checks without the schema library', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 60 }),
    // A lone low surrogate stays lone whatever comes next to it; 😀 is two units, one character.
    fc.string({
      unit: fc.constantFrom(' ', 'a', '\t', '\n', '\u0001', '\u0085', 'é', '😀', '\uDC00'),
      maxLength: 8,
    }),
    fc.constantFrom(
      '',
      ' ',
      'ab',
      'abc',
      'x'.repeat(50),
      'x'.repeat(51),
      'ab\uD800',
      '😀😀',
      'x'.repeat(49) + '😀',
    ),
  );

  it('gives the messages and the trimmed values the shared schema gives', () => {
    fc.assert(
      fc.property(text, text, (email, password) => {
        const ours = checkLogin({ email, password });
        const theirs = schemaErrors({ email, password });
        expect(ours.errors).toEqual(theirs.errors);
        if (theirs.values) expect(ours.values).toEqual(theirs.values);
      }),
      { numRuns: 3000 },
    );
  });

  it('copies the control-character rule exactly', () => {
    for (let code = 0; code < 0x200; code += 1) {
      const char = String.fromCharCode(code);
      const expected = CONTROL_CHARACTERS.test(char) ? MESSAGES.controlCharacter : undefined;
      expect(
        checkLogin({ email: `a${char}b`, password: 'secret' }).errors.email,
        `U+${code.toString(16)}`,
      ).toBe(expected);
    }
  });
});
