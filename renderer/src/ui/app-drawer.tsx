/**
 * The one side drawer of every screen (an order's, a shipment's): Fluent's modal OverlayDrawer
 * from the end edge, which traps focus and closes on Escape, with the title and a close button
 * in its header. The screen puts its sections in the body. When it closes (or the screen
 * unmounts it) focus goes back to what opened it, or the nearest place left around that.
 *
 * `onClose` is asked, not told: a drawer holding unsaved work may ask the user first and keep
 * the drawer open.
 */
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_FOCUS_ATTR, useReturnFocus } from './return-focus';

export interface AppDrawerProps {
  /** The drawer's heading, also its accessible name. */
  title: string;
  size?: 'small' | 'medium' | 'large';
  /** For a drawer that stays mounted (the shell's panels); a screen's drawer mounts when open. */
  open?: boolean;
  onClose: () => void;
  bodyClassName?: string;
  children: ReactNode;
}

export function AppDrawer({
  title,
  size = 'medium',
  open = true,
  onClose,
  bodyClassName,
  children,
}: AppDrawerProps) {
  const { t } = useTranslation();
  const id = useId();
  useReturnFocus(open, id);
  return (
    <OverlayDrawer
      position="end"
      size={size}
      open={open}
      onOpenChange={(_e, data) => !data.open && onClose()}
      aria-label={title}
      {...{ [RETURN_FOCUS_ATTR]: id }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={t('common:actions.close')}
              onClick={onClose}
            />
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={bodyClassName}>{children}</DrawerBody>
    </OverlayDrawer>
  );
}
