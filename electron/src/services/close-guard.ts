/**
 * The window does not close over unsaved work. The page tells main whether a form holds
 * unsaved changes (Electron shows no prompt for a page's `beforeunload`, it just refuses to
 * close), and main asks the user on the window's close event: leave, or stay and keep editing.
 */
export interface CloseEvent {
  preventDefault(): void;
}

export interface CloseGuardDeps {
  /** The native question; true to close anyway. */
  confirmClose(): Promise<boolean>;
  /** Closes the window for real once the user said yes. */
  close(): void;
}

export interface CloseGuard {
  setUnsaved(unsaved: boolean): void;
  readonly unsaved: boolean;
  /** The window's `close` handler. */
  onClose(event: CloseEvent): void;
  /** The page went away (reload, crash): whatever it said no longer holds. */
  reset(): void;
}

export function createCloseGuard({ confirmClose, close }: CloseGuardDeps): CloseGuard {
  let unsaved = false;
  let asking = false;
  let confirmed = false;
  return {
    setUnsaved(next) {
      unsaved = next;
    },
    get unsaved() {
      return unsaved;
    },
    onClose(event) {
      if (!unsaved || confirmed) return;
      event.preventDefault();
      // A second click on the close button while the question is open asks nothing more.
      if (asking) return;
      asking = true;
      void confirmClose()
        .catch(() => false)
        .then((leave) => {
          asking = false;
          if (!leave) return;
          confirmed = true;
          close();
        });
    },
    reset() {
      unsaved = false;
      confirmed = false;
    },
  };
}
