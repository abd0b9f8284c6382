/**
 * The one question before a change that cannot be undone or that moves stock: a cancellation,
 * an acceptance, a completion, taking an order out of a shipment. It says what happens; the
 * safe answer (keep, go back) has focus when it opens, so Enter, Space or Escape change
 * nothing, and the change runs only from its own button. The question closes before the change
 * starts, so focus goes back to the button that asked (AppDialog) while the screen shows the
 * change under way.
 */
import { useCallback, useState, type ReactElement, type ReactNode } from 'react';
import { AppDialog } from './app-dialog';

export interface ConfirmAction {
  title: ReactNode;
  /** What happens: counts, stock, that it is final. */
  body: ReactNode;
  /** The button that makes the change. */
  confirmLabel: ReactNode;
  /** The safe button: keep the order, go back. */
  keepLabel: ReactNode;
  confirmIcon?: ReactElement;
  onConfirm: () => void;
}

export function ConfirmActionDialog({
  action,
  onClose,
}: {
  /** The question on screen, or null for none. */
  action: ConfirmAction | null;
  onClose: () => void;
}) {
  // The words stay while the dialog fades out after an answer.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  return (
    <AppDialog
      open={action !== null}
      focusClose
      title={shown?.title ?? ''}
      onClose={onClose}
      closeLabel={shown?.keepLabel}
      primary={
        shown
          ? {
              label: shown.confirmLabel,
              icon: shown.confirmIcon,
              onClick: () => {
                if (!action) return;
                onClose();
                action.onConfirm();
              },
            }
          : undefined
      }
    >
      {shown?.body}
    </AppDialog>
  );
}

/** `ask` puts a question on screen; `dialog` is where the screen renders it. */
export function useConfirmAction(): { ask: (action: ConfirmAction) => void; dialog: ReactNode } {
  const [action, setAction] = useState<ConfirmAction | null>(null);
  const close = useCallback(() => setAction(null), []);
  return { ask: setAction, dialog: <ConfirmActionDialog action={action} onClose={close} /> };
}
