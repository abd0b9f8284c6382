/**
 * `window.kura`: one method per capability, built on an injected transport so the
 * same code runs in the sandboxed preload (ipcRenderer) and in the end-to-end tests
 * (Chromium, with invoke backed by the main-process router and services).
 */
import {
  IPC_ERROR_MESSAGES,
  ipcEvents,
  type IpcChannel,
  type IpcErrorCode,
  type IpcEvent,
  type IpcEventPayload,
  type IpcPayload,
  type IpcResponse,
  type IpcResult,
  type KuraBridge,
} from '#shared/ipc';

export interface BridgeTransport {
  invoke(channel: IpcChannel, payload: unknown): Promise<unknown>;
  subscribe(event: IpcEvent, listener: (payload: unknown) => void): () => void;
}

/** What a failed call throws. In Electron only the message crosses into the page. */
export class BridgeError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string = IPC_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

function isResponse(value: unknown): value is IpcResponse {
  return value !== null && typeof value === 'object' && typeof (value as { ok?: unknown }).ok === 'boolean';
}

export function createBridge(transport: BridgeTransport): KuraBridge {
  async function call<C extends IpcChannel>(channel: C, payload?: IpcPayload<C>): Promise<IpcResult<C>> {
    const response = await transport.invoke(channel, payload);
    if (!isResponse(response)) throw new BridgeError('failed');
    if (!response.ok) {
      const code = Object.hasOwn(IPC_ERROR_MESSAGES, response.error.code) ? response.error.code : 'failed';
      throw new BridgeError(code);
    }
    return response.value as IpcResult<C>;
  }

  return {
    appInfo: () => call('app:info'),
    getConnection: () => call('connection:get'),
    setConnection: (connection) => call('connection:set', connection),
    getSession: () => call('session:get'),
    setSession: (session) => call('session:set', session),
    clearSession: () => call('session:clear'),
    saveCsv: (request) => call('csv:save', request),
    cancelCsv: () => call('csv:cancel'),
    savePdf: (request) => call('pdf:save', request),
    setUnsavedChanges: (unsaved) => call('window:unsaved', { unsaved }),
    openExternal: (url) => call('external:open', { url }),
    setLanguage: (lang) => call('language:set', { lang }),
    getNotifications: () => call('notifications:get'),
    updateNotifications: (action) => call('notifications:update', action),
    backupInfo: () => call('backup:info'),
    backupNow: () => call('backup:now'),
    restoreBackup: () => call('backup:restore'),
    offlineState: () => call('offline:state'),
    syncNow: () => call('offline:sync'),
    cacheGet: (path) => call('cache:get', { path }),
    outboxList: () => call('outbox:list'),
    outboxAdd: (entry) => call('outbox:add', entry),
    outboxResolve: (answer) => call('outbox:resolve', answer),
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void {
      if (!Object.hasOwn(ipcEvents, event)) throw new BridgeError('unknown-channel');
      const schema = ipcEvents[event];
      return transport.subscribe(event, (payload) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) listener(parsed.data as IpcEventPayload<E>);
      });
    },
  };
}
