import { IPC_ERROR_MESSAGES, type IpcErrorCode } from '#shared/ipc';

/** A failure main reports to the renderer with a known code and its fixed message. */
export class IpcError extends Error {
  constructor(readonly code: IpcErrorCode) {
    super(IPC_ERROR_MESSAGES[code]);
    this.name = 'IpcError';
  }
}
