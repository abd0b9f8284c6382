/**
 * The sign-in form's own checks, as `loginInputSchema` makes them (login-check.test.ts holds
 * the two to the same answers), written without the schema library so the form loads without
 * it. The server checks the same again.
 */
import { LIMITS } from '#shared/constants';
import { MESSAGES } from '#shared/messages';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// The shared schemas' rules (schemas/common.ts), copied: that module loads the schema library.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const EMAIL_MAX = 320;
/** Lengths in characters (code points), as the schema library counts them: 😀 is one, not two. */
const lengthOf = (text: string) => [...text].length;

export function checkLogin({ email, password }: LoginValues): { values: LoginValues; errors: LoginErrors } {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (CONTROL_CHARACTERS.test(email)) errors.email = MESSAGES.controlCharacter;
  else if (!email.isWellFormed()) errors.email = MESSAGES.illFormedText;
  else if (trimmed === '') errors.email = MESSAGES.required;
  else if (lengthOf(trimmed) > EMAIL_MAX) errors.email = MESSAGES.maxLength;
  if (CONTROL_CHARACTERS.test(password)) errors.password = MESSAGES.controlCharacter;
  else if (!password.isWellFormed()) errors.password = MESSAGES.illFormedText;
  else if (password === '') errors.password = MESSAGES.required;
  else if (lengthOf(password) < LIMITS.textMin) errors.password = MESSAGES.minLength;
  else if (lengthOf(password) > LIMITS.textMax) errors.password = MESSAGES.maxLength;
  return { values: { email: trimmed, password }, errors };
}
