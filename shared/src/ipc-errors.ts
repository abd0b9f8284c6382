/**
 * The parts of the IPC contract the renderer needs on its way to the sign-in form, kept free
 * of the schema library so that form loads without it (ipc.ts re-exports them).
 */
import { ROLES } from './constants';

/**
 * Why a bridge call failed. Main answers every invoke with an `IpcResponse` envelope
 * and the bridge re-throws failures as errors whose message is the fixed text below:
 * Electron's contextBridge copies only an error's message into the page, so the renderer
 * recognises a failure by its text ({@link ipcErrorCode}), never by a custom property.
 */
export const IPC_ERROR_MESSAGES = {
  'unknown-channel': 'The desktop app does not know this request',
  'untrusted-sender': 'This page may not use the desktop app',
  'invalid-payload': 'The desktop app received an invalid request',
  'insecure-storage': 'No secure key store is available on this computer; sign-in will not be remembered',
  failed: 'Something went wrong in the desktop app',
} as const;
export type IpcErrorCode = keyof typeof IPC_ERROR_MESSAGES;

/** The code of a failed bridge call, from the error the renderer caught; undefined otherwise. */
export function ipcErrorCode(error: unknown): IpcErrorCode | undefined {
  if (!(error instanceof Error)) return undefined;
  const codes = Object.keys(IPC_ERROR_MESSAGES) as IpcErrorCode[];
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string' && (codes as string[]).includes(direct)) return direct as IpcErrorCode;
  return codes.find((code) => error.message.includes(IPC_ERROR_MESSAGES[code]));
}

/**
 * A stored session as `sessionSchema` (ipc.ts) accepts it, checked without the schema
 * library: the browser reads it at start, before anything else has loaded. ipc.test.ts holds
 * the two to the same answers.
 */
export function isStoredSession(
  value: unknown,
): value is { token: string; role: (typeof ROLES)[number] | null } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { token, role } = value as Record<string, unknown>;
  return (
    typeof token === 'string' &&
    token.length >= 1 &&
    token.length <= 512 &&
    (role === null || (typeof role === 'string' && (ROLES as readonly string[]).includes(role)))
  );
}
