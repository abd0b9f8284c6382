import {
  Button,
  CounterBadge,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationList } from './notification-list';
import { notificationsAtom, unseenNotificationsAtom } from './notifications.atoms';
import { useNotificationAction } from './use-order-notifications';

const BADGE_OVERFLOW = 99;
const badgeText = (count: number) => (count > BADGE_OVERFLOW ? `${BADGE_OVERFLOW}+` : String(count));

const useStyles = makeStyles({
  button: { position: 'relative', overflow: 'visible' },
  // A pulsing ring while there are unseen notifications.
  ring: {
    position: 'absolute',
    inset: '2px',
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorPaletteRedBorder2}`,
    pointerEvents: 'none',
    animationName: {
      from: { transform: 'scale(0.8)', opacity: 1 },
      to: { transform: 'scale(1.35)', opacity: 0 },
    },
    animationDuration: '1.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
  surface: { width: '340px', maxWidth: 'calc(100vw - 24px)', padding: tokens.spacingHorizontalM },
  title: { display: 'block', marginBottom: tokens.spacingVerticalS },
});

/**
 * The header's bell: its count, a pulsing ring while something is unseen, and the list.
 * Opening it marks the notifications seen (in the desktop app main keeps that too).
 */
export function NotificationBell() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const items = useAtomValue(notificationsAtom);
  const unseen = useAtomValue(unseenNotificationsAtom);
  const act = useNotificationAction();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={(_e, data) => {
        setOpen(data.open);
        if (data.open && unseen) act({ seen: true });
      }}
      positioning="below-end"
      withArrow
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          className={styles.button}
          appearance="subtle"
          data-testid="notification-bell"
          // The name holds the badge's text as shown ("99+" past 99), and not in parentheses
          // (which speech input and axe's label-content-name-mismatch read as an aside): a name
          // without the visible label fails both.
          aria-label={t('notifications.bell', { n: badgeText(items.length) })}
          icon={
            <>
              <AlertRegular />
              {unseen && <span className={styles.ring} aria-hidden="true" data-testid="notification-ring" />}
              {items.length > 0 && (
                <CounterBadge
                  className={styles.badge}
                  count={items.length}
                  overflowCount={BADGE_OVERFLOW}
                  size="small"
                  color="danger"
                  aria-hidden="true"
                />
              )}
            </>
          }
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('notifications.title')}>
        <Subtitle2 className={styles.title}>{t('notifications.title')}</Subtitle2>
        <NotificationList onNavigate={() => setOpen(false)} />
      </PopoverSurface>
    </Popover>
  );
}
