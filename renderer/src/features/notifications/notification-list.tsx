import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { CartRegular, ClipboardTextLtrRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATION_LIST_MAX_HEIGHT_PX } from '#shared/constants';
import { languageAtom } from '../../i18n/language.atoms';
import { notificationsAtom } from './notifications.atoms';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    maxHeight: `${NOTIFICATION_LIST_MAX_HEIGHT_PX}px`,
    overflowY: 'auto',
  },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1, paddingTop: '2px' },
  text: { display: 'flex', flexDirection: 'column' },
  time: { color: tokens.colorNeutralForeground3 },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** The bell's list, also shown in the panel's notifications tab. */
export function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const items = useAtomValue(notificationsAtom);
  const language = useAtomValue(languageAtom);

  if (items.length === 0)
    return (
      <Body1 className={styles.empty} block>
        {t('errors:allCaughtUp')}
      </Body1>
    );
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`}>
          <Link
            className={styles.item}
            to={item.kind === 'otz' ? '/otz' : '/shipping-management'}
            onClick={onNavigate}
          >
            <span className={styles.icon} aria-hidden="true">
              {item.kind === 'otz' ? <CartRegular /> : <ClipboardTextLtrRegular />}
            </span>
            <span className={styles.text}>
              <Body1>
                {item.kind === 'otz'
                  ? t('notifications.newOtz', { id: item.paypalTransactionId })
                  : t('notifications.newOrder', {
                      orderId: item.orderId,
                      platform: t(`common:platforms.${item.platformCode}`),
                    })}
              </Body1>
              <Caption1 className={styles.time}>
                {DateTime.fromISO(item.createdAt).setLocale(language).toRelative()}
              </Caption1>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
