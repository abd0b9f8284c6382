import { Badge, makeStyles, mergeClasses, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import {
  ArrowUploadRegular,
  BoxCheckmarkRegular,
  BoxMultipleRegular,
  BoxRegular,
  CalculatorRegular,
  CalendarClockRegular,
  CartRegular,
  ClipboardErrorRegular,
  ClipboardTextLtrRegular,
  DataTrendingRegular,
  DocumentAddRegular,
  HistoryRegular,
  LightbulbRegular,
  NoteRegular,
  PeopleRegular,
  SettingsRegular,
  VehicleShipRegular,
} from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { usePrefetchLink } from '../../ui/route-prefetch';
import { useCurrentUser } from '../auth/current-user';
import { orderFlagsAtom } from '../notifications/notifications.atoms';
import { useNotificationAction } from '../notifications/use-order-notifications';
import { activeMenuPath, menuFor, type MenuIcon } from './menu';
import { useConfig } from './use-config';

const ICONS: Record<MenuIcon, ReactElement> = {
  orders: <ClipboardTextLtrRegular />,
  combine: <BoxMultipleRegular />,
  products: <BoxRegular />,
  otz: <CartRegular />,
  sales: <DataTrendingRegular />,
  issues: <ClipboardErrorRegular />,
  advance: <CalendarClockRegular />,
  simulator: <CalculatorRegular />,
  request: <LightbulbRegular />,
  memo: <NoteRegular />,
  settings: <SettingsRegular />,
  users: <PeopleRegular />,
  history: <HistoryRegular />,
  orderEntry: <DocumentAddRegular />,
  import: <ArrowUploadRegular />,
  shipment: <VehicleShipRegular />,
  packing: <BoxCheckmarkRegular />,
};

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}` },
  heading: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
  headingCollapsed: {
    height: '1px',
    padding: `${tokens.spacingVerticalS} 0`,
    margin: `0 ${tokens.spacingHorizontalS}`,
  },
  rule: { borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  link: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '40px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    marginBottom: '2px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    // Neutral text on the brand tint: brand-on-brand misses WCAG AA contrast (4.18:1).
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorNeutralForeground1 },
    '::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandStroke1,
    },
  },
  icon: { fontSize: '20px', display: 'flex', flexShrink: 0, width: '24px', justifyContent: 'center' },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  dot: { flexShrink: 0 },
  dotCollapsed: { position: 'absolute', top: '8px', left: '26px' },
  skeleton: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
  },
});

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const config = useConfig();
  const { pathname } = useLocation();
  const prefetchLink = usePrefetchLink();
  // New orders put a dot on their entry; following it clears the dot (main keeps that too).
  const flags = useAtomValue(orderFlagsAtom);
  const act = useNotificationAction();

  // The brand decides admin entries; an orderCreator's two entries do not depend on it.
  if (config.isPending && user.role === 'admin') {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('common:states.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <SkeletonItem key={i} size={24} />
        ))}
      </Skeleton>
    );
  }
  const entries = menuFor(user.role ?? 'orderCreator', config.data?.restrictedBrand ?? false);
  const active = activeMenuPath(pathname, entries);

  return (
    <ul className={styles.list}>
      {entries.map((entry) => {
        if (entry.kind === 'heading') {
          return (
            <li
              key={entry.label}
              className={collapsed ? mergeClasses(styles.headingCollapsed, styles.rule) : styles.heading}
            >
              <span className={collapsed ? styles.hidden : undefined}>{t(entry.label)}</span>
            </li>
          );
        }
        const { dot } = entry;
        const flagged = dot !== undefined && flags[dot];
        const isActive = entry.path === active;
        return (
          <li key={entry.path}>
            <Link
              to={entry.path}
              className={mergeClasses(styles.link, isActive && styles.active)}
              aria-current={isActive ? 'page' : undefined}
              {...prefetchLink(entry.path)}
              onClick={() => {
                if (dot !== undefined && flagged) act({ clear: dot });
                onNavigate?.();
              }}
            >
              <span className={styles.icon} aria-hidden="true">
                {ICONS[entry.icon]}
              </span>
              <span className={collapsed ? styles.hidden : styles.label}>{t(entry.label)}</span>
              {flagged && (
                <Badge
                  className={collapsed ? styles.dotCollapsed : styles.dot}
                  size="extra-small"
                  color="danger"
                  aria-label={t('menu.newItems')}
                />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
