/**
 * The one dialog of every screen, over Fluent's modal Dialog (which traps focus inside).
 * On top of it: focus starts on the first field, or on the primary action when there is
 * none; Escape or a click outside closes, but asks "discard changes?" first when `dirty`;
 * and focus goes back to whatever opened the dialog when it closes, even when the screen
 * unmounts the dialog rather than closing it, or to the nearest place left around it when
 * that is gone (`return-focus.ts`), so a keyboard user keeps their place.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_FOCUS_ATTR, useReturnFocus } from './return-focus';
import { BusySpinner } from './busy-spinner';

const useStyles = makeStyles({
  surface: { maxWidth: 'calc(100vw - 32px)' },
});

/** What takes focus when a dialog opens: its first field, else its primary action. */
export const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
].join(',');
const PRIMARY_ATTR = 'data-dialog-primary';
const CLOSE_ATTR = 'data-dialog-close';

export interface DialogPrimaryAction {
  label: ReactNode;
  icon?: ReactElement;
  /** Left out with `onSubmit` on the dialog: the button submits the dialog's form. */
  onClick?: () => void;
  disabled?: boolean;
  /** Why it is disabled (offline), as its tooltip. */
  title?: string;
}

export interface AppDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Close, Cancel, Escape, a click outside. Not called while `busy`. */
  onClose: () => void;
  /** Something was typed: closing without saving asks first. */
  dirty?: boolean;
  /** A request is under way: the buttons are disabled and the dialog stays open. */
  busy?: boolean;
  primary?: DialogPrimaryAction;
  /** The closing button's label; Cancel unless said otherwise. */
  closeLabel?: ReactNode;
  /** Buttons before the closing one (an "Edit product" way on). */
  extraActions?: ReactNode;
  /** The body is a form: Enter in a field submits it, and the primary button is its submit. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  contentClassName?: string;
  /** Focus starts on the closing button: the safe answer to a question about a final change. */
  focusClose?: boolean;
}

export function AppDialog({
  open,
  title,
  children,
  onClose,
  dirty = false,
  busy = false,
  primary,
  closeLabel,
  extraActions,
  onSubmit,
  className,
  contentClassName,
  focusClose = false,
}: AppDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const surface = useRef<HTMLDivElement>(null);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const dialogId = useId();
  useReturnFocus(open, dialogId);

  // Fluent focuses the first tabbable element (often Cancel); a field or the primary action is
  // what the user came for. Effects run child-first, so this one runs after Fluent's.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    const place = (tries: number) => {
      const root = surface.current;
      if (!root) {
        if (tries > 0) frame = requestAnimationFrame(() => place(tries - 1));
        return;
      }
      const target = focusClose
        ? root.querySelector<HTMLElement>(`[${CLOSE_ATTR}]`)
        : (root.querySelector<HTMLElement>(FIELD_SELECTOR) ??
          root.querySelector<HTMLElement>(`[${PRIMARY_ATTR}]`));
      target?.focus();
    };
    frame = requestAnimationFrame(() => place(10));
    return () => cancelAnimationFrame(frame);
  }, [open, focusClose]);

  const requestClose = useCallback(() => {
    if (busy) return;
    if (dirty) setAskingDiscard(true);
    else onClose();
  }, [busy, dirty, onClose]);

  // A dialog without fields answers Enter with its primary action (a confirmation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || onSubmit || !primary?.onClick || busy || primary.disabled) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, textarea, input, select, [role="combobox"]')) return;
    event.preventDefault();
    primary.onClick();
  };

  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>
        {extraActions}
        <Button {...{ [CLOSE_ATTR]: '' }} type="button" disabled={busy} onClick={requestClose}>
          {closeLabel ?? t('actions.cancel')}
        </Button>
        {primary && (
          <Button
            {...{ [PRIMARY_ATTR]: '' }}
            type={onSubmit && !primary.onClick ? 'submit' : 'button'}
            appearance="primary"
            disabled={busy || primary.disabled}
            title={primary.title}
            icon={busy ? <BusySpinner /> : primary.icon}
            onClick={primary.onClick}
          >
            {primary.label}
          </Button>
        )}
      </DialogActions>
    </DialogBody>
  );

  return (
    <>
      <Dialog
        open={open}
        modalType="modal"
        onOpenChange={(_e, data) => {
          if (!data.open) requestClose();
        }}
      >
        <DialogSurface
          ref={surface}
          {...{ [RETURN_FOCUS_ATTR]: dialogId }}
          className={mergeClasses(styles.surface, className)}
          onKeyDown={onKeyDown}
        >
          {onSubmit ? (
            <form noValidate onSubmit={onSubmit}>
              {body}
            </form>
          ) : (
            body
          )}
        </DialogSurface>
      </Dialog>
      {/* A sibling, not a child: Escape in it must not reach the dialog underneath. */}
      {open && askingDiscard && (
        <ConfirmDialog
          open={open}
          title={t('discard.title')}
          confirmLabel={t('discard.confirm')}
          cancelLabel={t('discard.keep')}
          onCancel={() => setAskingDiscard(false)}
          onConfirm={() => {
            setAskingDiscard(false);
            onClose();
          }}
        >
          {t('discard.body')}
        </ConfirmDialog>
      )}
    </>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The primary button's label. */
  confirmLabel: ReactNode;
  /** Defaults to Cancel. */
  cancelLabel?: ReactNode;
  confirmIcon?: ReactElement;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A question before a change: Cancel, Escape or a click outside does nothing; the primary
 * button (focused, so Enter answers yes) runs the change, and both stay disabled meanwhile.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmIcon,
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      title={title}
      busy={busy}
      onClose={onCancel}
      closeLabel={cancelLabel}
      primary={{ label: confirmLabel, icon: confirmIcon, onClick: onConfirm }}
    >
      {children}
    </AppDialog>
  );
}
