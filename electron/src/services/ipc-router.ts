/**
 * The single entrance from the renderer to main. Everything that arrives is treated as
 * hostile (a compromised page can send anything on any channel): the channel must be known,
 * the sending frame must be the app's own page, the payload must match the channel's schema
 * in shared/src/ipc.ts. Only then does a handler run, with the parsed payload.
 */
import type { z } from 'zod';
import { ipcChannels, type IpcChannel, type IpcResponse, type IpcResults } from '#shared/ipc';
import { IpcError } from './ipc-error';

export interface SenderInfo {
  /** URL of the frame that sent the message (event.senderFrame.url); null if it is gone. */
  url: string | null;
}

export type IpcHandlers = {
  [C in IpcChannel]: (
    payload: z.output<(typeof ipcChannels)[C]['payload']>,
    sender: SenderInfo,
  ) => IpcResults[C] | Promise<IpcResults[C]>;
};

export interface IpcRouterOptions {
  isTrustedSender(sender: SenderInfo): boolean;
  /** Unexpected handler failures (bugs): logged by main, never shown to the page in detail. */
  onError?(channel: IpcChannel, error: unknown): void;
}

export interface IpcRouter {
  channels: readonly IpcChannel[];
  handle(channel: unknown, rawPayload: unknown, sender: SenderInfo): Promise<IpcResponse>;
}

const failure = (error: IpcError): IpcResponse => ({
  ok: false,
  error: { code: error.code, message: error.message },
});

export function isIpcChannel(channel: unknown): channel is IpcChannel {
  // hasOwn, not `in`: "__proto__" or "toString" must not count as channels.
  return typeof channel === 'string' && Object.hasOwn(ipcChannels, channel);
}

export function createIpcRouter(
  handlers: IpcHandlers,
  { isTrustedSender, onError }: IpcRouterOptions,
): IpcRouter {
  return {
    channels: Object.keys(ipcChannels) as IpcChannel[],
    async handle(channel, rawPayload, sender) {
      if (!isIpcChannel(channel)) return failure(new IpcError('unknown-channel'));
      let trusted: boolean;
      try {
        trusted = isTrustedSender(sender);
      } catch {
        trusted = false;
      }
      if (!trusted) return failure(new IpcError('untrusted-sender'));
      const parsed = ipcChannels[channel].payload.safeParse(rawPayload);
      if (!parsed.success) return failure(new IpcError('invalid-payload'));
      try {
        const handler = handlers[channel] as (payload: unknown, sender: SenderInfo) => unknown;
        return { ok: true, value: await handler(parsed.data, sender) };
      } catch (error) {
        if (error instanceof IpcError) return failure(error);
        onError?.(channel, error);
        return failure(new IpcError('failed'));
      }
    },
  };
}
