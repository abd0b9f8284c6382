/**
 * Unsaved work is never lost without a word: while a form is dirty, leaving it asks first.
 * Router navigation (a menu click, a link, browser back) is held by react-router's blocker
 * and answered in the shared ConfirmDialog; closing or reloading the tab is held by the
 * browser's own `beforeunload` prompt; the desktop app's main process asks before its
 * window closes, as long as the page told it there are unsaved changes.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { platform } from '../platform/platform';
import { ConfirmDialog } from './app-dialog';

/** How many mounted forms are dirty now: the window is dirty while any of them is. */
let dirtyForms = 0;
function countDirty(delta: 1 | -1) {
  const before = dirtyForms > 0;
  dirtyForms = Math.max(0, dirtyForms + delta);
  const after = dirtyForms > 0;
  if (before !== after) void platform.setUnsavedChanges(after).catch(() => undefined);
}

/** Leaving to another screen: a change of path. A new search or hash keeps the form. */
export const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

export interface LeaveGuard {
  /** The question, to render anywhere in the form's tree. */
  prompt: ReactNode;
  /**
   * The form is about to leave on purpose (it saved, or Cancel was pressed after asking):
   * the next navigation is let through.
   */
  release: () => void;
  /** A save failed: guard again. */
  rearm: () => void;
}

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const { t } = useTranslation('common');
  const released = useRef(false);
  const guarding = dirty;
  const shouldBlock = useCallback<BlockerFunction>(
    (args) => guarding && !released.current && leavesPage(args),
    [guarding],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!guarding) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    countDirty(1);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      countDirty(-1);
    };
  }, [guarding]);

  const prompt =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        open
        title={t('leave.title')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.keep')}
        onCancel={() => blocker.reset()}
        onConfirm={() => blocker.proceed()}
      >
        {t('leave.body')}
      </ConfirmDialog>
    ) : null;

  return {
    prompt,
    release: useCallback(() => {
      released.current = true;
    }, []),
    rearm: useCallback(() => {
      released.current = false;
    }, []),
  };
}
