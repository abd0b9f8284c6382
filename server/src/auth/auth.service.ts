/** Registration, sign-in and password resets. */
import type { Kysely } from 'kysely';
import { MESSAGES, emailNotFound } from '#shared/messages';
import type { LoginResponse, RegistrationInput } from '#shared/schemas/auth';
import type { Database } from '../db/database';
import type { Dialect } from '../db/connect';
import { recordAudit } from '../audit/audit.repository';
import { HttpError } from '../http/errors';
import { hashPassword, verifyPassword } from './password';
import { newToken, hashToken } from './token';
import type { Mailer } from './mailer';
import { lockRow, lockTable } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import {
  countUsers,
  findTakenFields,
  findUserByEmail,
  findUserById,
  insertUser,
  recordLogin,
  setPasswordHash,
  toSessionUser,
  toUser,
} from '../users/users.repository';
import {
  createPasswordReset,
  createSession,
  findUsablePasswordReset,
  markPasswordResetUsed,
  deleteSession,
  deleteUserPasswordResets,
  deleteUserSessions,
} from './auth.repository';

export interface AuthContext {
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  /** Origin for links in e-mails, known only once the server listens. */
  publicUrl: () => string;
}

/** A user snapshot for the audit log: the public fields, never the hash. */
const auditUser = (row: Parameters<typeof toUser>[0]) => toUser(row);

export async function register(ctx: AuthContext, input: RegistrationInput) {
  const passwordHash = await hashPassword(input.password);
  const { row, token } = await writeTransaction(ctx.db, async (trx) => {
    // Two first registrations at once must not both become admin: "is there any account yet?"
    // is about rows that do not exist, so no row lock can cover it; the table lock does.
    await lockTable(trx, 'users');
    const taken = await findTakenFields(trx, input.email, input.username);
    if (taken.length > 0) {
      throw new HttpError(
        409,
        MESSAGES.duplicateField,
        taken.map((field) => ({ field, message: MESSAGES.duplicateField })),
      );
    }
    const isFirst = (await countUsers(trx)) === 0;
    const row = await insertUser(trx, {
      fullname: input.fullname,
      email: input.email.trim(),
      username: input.username,
      passwordHash,
      role: isFirst ? 'admin' : null,
    });
    const token = newToken();
    await createSession(trx, row.id, token.hash);
    await recordAudit(trx, {
      userId: row.id,
      entity: 'user',
      entityId: row.id,
      entityName: row.fullname,
      action: 'create',
      after: auditUser(row),
    });
    return { row, token: token.token };
  });
  return { accessToken: token, data: toSessionUser(row) };
}

export async function login(ctx: AuthContext, email: string, password: string): Promise<LoginResponse> {
  const row = await findUserByEmail(ctx.db, email);
  // Hash even for an unknown email so response time does not reveal which emails exist.
  const ok = row ? await verifyPassword(password, row.password_hash) : (await hashPassword(password), false);
  if (!row || !ok) throw new HttpError(401, MESSAGES.invalidLogin);
  if (row.active !== 1) throw new HttpError(403, MESSAGES.accountDeactivated);
  const token = newToken();
  await writeTransaction(ctx.db, async (trx) => {
    await createSession(trx, row.id, token.hash);
    await recordLogin(trx, row.id);
  });
  return { token: token.token, data: toSessionUser(row) };
}

export async function logout(ctx: AuthContext, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, sessionId);
}

export async function forgotPassword(ctx: AuthContext, email: string): Promise<{ message: string }> {
  const row = await findUserByEmail(ctx.db, email);
  // The not-found message names the email by design, so existence is not hidden here;
  // the rate limit on this route keeps it from being used to list accounts.
  if (!row || row.active !== 1) throw new HttpError(404, emailNotFound(email));
  const token = newToken();
  await createPasswordReset(ctx.db, row.id, token.hash);
  const link = `${ctx.publicUrl()}/auth/reset-password?token=${encodeURIComponent(token.token)}`;
  await ctx.mailer.sendPasswordReset({ to: { email: row.email, fullname: row.fullname }, link });
  return { message: MESSAGES.resetLinkSent };
}

export async function resetPassword(
  ctx: AuthContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(password);
  await writeTransaction(ctx.db, async (trx) => {
    // Single use: of two uses of one link at once, the second waits here and finds it used.
    const tokenHash = hashToken(token);
    const userId = (await lockRow(trx, 'password_resets', tokenHash))
      ? await findUsablePasswordReset(trx, tokenHash)
      : undefined;
    if (userId) await markPasswordResetUsed(trx, tokenHash);
    const before = userId ? await findUserById(trx, userId) : undefined;
    if (!userId || !before) throw new HttpError(400, MESSAGES.resetLinkInvalid);
    const now = await setPasswordHash(trx, userId, passwordHash);
    await deleteUserSessions(trx, userId);
    await deleteUserPasswordResets(trx, userId);
    await recordAudit(trx, {
      userId: null,
      entity: 'user',
      entityId: userId,
      entityName: before.fullname,
      action: 'update',
      before: { passwordChangedAt: before.password_changed_at },
      after: { passwordChangedAt: now },
    });
  });
  return { message: MESSAGES.passwordChanged };
}
