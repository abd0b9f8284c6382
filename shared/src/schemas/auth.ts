import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';
import { MESSAGES } from '../messages';
import { idSchema, textSchema, timestamps, timestampSchema } from './common';

/** 3 to 50 symbols, with the original system's messages (docs/product.md, "Fixed texts"). */
export const boundedText = textSchema({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(LIMITS.textMin, MESSAGES.minLength)
  .max(LIMITS.textMax, MESSAGES.maxLength);

export const roleSchema = z.enum(ROLES);

/** Login: email required without a format check; password 3 to 50. */
export const loginInputSchema = z.object({
  email: textSchema({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(320),
  password: boundedText,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const emailSchema = boundedText.pipe(z.email({ message: MESSAGES.wrongEmail }));

export const registrationInputSchema = z.object({
  fullname: boundedText,
  email: emailSchema,
  username: boundedText,
  password: boundedText,
});
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** The form adds confirm-password and terms on top of what the server takes. */
export const registrationFormSchema = registrationInputSchema
  .extend({
    confirmPassword: textSchema().min(1, MESSAGES.required),
    acceptTerms: z.literal(true, { error: MESSAGES.acceptTerms }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordMismatch,
  });
export type RegistrationForm = z.input<typeof registrationFormSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export const resetPasswordInputSchema = z.object({
  token: textSchema().min(16).max(200),
  password: boundedText,
});

export const userSchema = z.object({
  _id: idSchema,
  fullname: z.string(),
  email: z.string(),
  username: z.string(),
  /** Null until an admin grants one. */
  role: roleSchema.nullable(),
  active: z.boolean(),
  lastLoginAt: timestampSchema.nullable(),
  ...timestamps,
});
export type User = z.infer<typeof userSchema>;

export const sessionUserSchema = userSchema.pick({
  _id: true,
  fullname: true,
  email: true,
  username: true,
  role: true,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login response: token and data.role. */
export const loginResponseSchema = z.object({
  token: z.string(),
  data: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Registration response: accessToken. */
export const registrationResponseSchema = z.object({
  accessToken: z.string(),
  data: sessionUserSchema,
});

export const meResponseSchema = z.object({ data: sessionUserSchema });
export const validateTokenResponseSchema = z.object({ valid: z.literal(true), data: sessionUserSchema });

export const userUpdateSchema = z
  .object({ role: roleSchema.nullable(), active: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: MESSAGES.nothingToUpdate });
export type UserUpdate = z.infer<typeof userUpdateSchema>;
