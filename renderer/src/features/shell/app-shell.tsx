/**
 * The signed-in page shell: header with top bar, side menu, subheader, content,
 * footer and the two slide-out panels. Loaded as its own chunk after sign-in.
 */
import {
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import {
  NavigationRegular,
  PanelLeftContractRegular,
  PanelLeftExpandRegular,
  PanelRightRegular,
} from '@fluentui/react-icons';
import { useAtom, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BREAKPOINTS, TIMINGS } from '#shared/constants';
import { platform } from '../../platform/platform';
import { LoadingState } from '../../ui/page-state';
import { useMediaQuery } from '../../ui/use-media-query';
import { useCurrentUser } from '../auth/current-user';
import { NotificationBell } from '../notifications/notification-bell';
import { useOrderNotifications } from '../notifications/use-order-notifications';
import { DateDisplaySource } from './date-display-source';
import { InsecureConnectionWarning } from './insecure-connection';
import { LanguageDropdown } from './language-dropdown';
import { OfflineBanner } from './offline-banner';
import { ProfilePanel, SidePanel } from './panels';
import { sidebarMinimizedAtom, sidePanelAtom } from './shell.atoms';
import { SideMenu } from './side-menu';
import { Subheader } from './subheader';
import { useConfig } from './use-config';
import { UserDropdown } from './user-dropdown';

const HEADER_HEIGHT = '56px';
const WIDE = '248px';
const NARROW = '60px';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 20,
    height: HEADER_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    marginRight: 'auto',
  },
  mark: {
    width: '30px',
    height: '30px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '17px',
  },
  body: { flex: 1, display: 'flex', minHeight: 0 },
  rail: {
    flexShrink: 0,
    position: 'relative',
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
  },
  nav: {
    position: 'sticky',
    top: HEADER_HEIGHT,
    height: `calc(100vh - ${HEADER_HEIGHT})`,
    overflowX: 'hidden',
    overflowY: 'auto',
    zIndex: 15,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'width, box-shadow, transform',
    transitionDuration: tokens.durationNormal,
  },
  overlay: { boxShadow: tokens.shadow16 },
  mobileNav: { position: 'fixed', left: 0, width: WIDE, transform: 'translateX(-100%)' },
  mobileOpen: { transform: 'translateX(0)', boxShadow: tokens.shadow28 },
  backdrop: {
    position: 'fixed',
    inset: `${HEADER_HEIGHT} 0 0 0`,
    zIndex: 14,
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  column: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  main: {
    flex: 1,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL} ${tokens.spacingVerticalXXL}`,
    ':focus': { outline: 'none' },
  },
  fade: {
    animationName: { from: { opacity: 0 }, to: { opacity: 1 } },
    animationDuration: `${TIMINGS.contentAnimationMs}ms`,
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
  },
});

function Footer() {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const config = useConfig();
  return (
    <footer className={styles.footer}>
      <Caption1>{t('copyright', { year: new Date().getFullYear() })}</Caption1>
      {config.data && <Caption1>{t('version', { version: config.data.version })}</Caption1>}
    </footer>
  );
}

/** A native notification's click arrives through the bridge: show its screen. */
function usePlatformEvents() {
  const navigate = useNavigate();
  // A dialog to open on arrival travels in the history entry's state, not in the address.
  useEffect(
    () =>
      platform.on(
        'navigate',
        ({ path, open }) => void navigate(path, open ? { state: { open } } : undefined),
      ),
    [navigate],
  );
}

export default function AppShell({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const [minimized, setMinimized] = useAtom(sidebarMinimizedAtom);
  const [hovered, setHovered] = useState(false);
  // A narrow screen's menu is a sheet that closes once the user has picked a page: it is
  // open only on the page where it was opened.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === pathname;
  const setMobileOpen = (open: boolean) => setMobileOpenAt(open ? pathname : null);
  const setPanel = useSetAtom(sidePanelAtom);
  usePlatformEvents();
  useOrderNotifications(useCurrentUser().role);

  const collapsed = desktop ? minimized && !hovered : false;
  const toggleLabel = desktop
    ? minimized
      ? t('header.expandMenu')
      : t('header.minimizeMenu')
    : t('header.openMenu');

  return (
    <DateDisplaySource>
      <div className={styles.root}>
        <header className={styles.header}>
          <Tooltip content={toggleLabel} relationship="label">
            <Button
              appearance="subtle"
              icon={
                desktop ? (
                  minimized ? (
                    <PanelLeftExpandRegular />
                  ) : (
                    <PanelLeftContractRegular />
                  )
                ) : (
                  <NavigationRegular />
                )
              }
              aria-expanded={desktop ? !minimized : mobileOpen}
              onClick={() => (desktop ? setMinimized(!minimized) : setMobileOpen(!mobileOpen))}
            />
          </Tooltip>
          <Link to="/" className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              蔵
            </span>
            <Text weight="semibold" size={400}>
              Kura
            </Text>
          </Link>
          <InsecureConnectionWarning />
          <NotificationBell />
          <Tooltip content={t('header.openPanel')} relationship="label">
            <Button
              appearance="subtle"
              icon={<PanelRightRegular />}
              onClick={() => setPanel('notifications')}
            />
          </Tooltip>
          <LanguageDropdown />
          <UserDropdown />
        </header>
        <OfflineBanner />
        <div className={styles.body}>
          <div className={styles.rail} style={{ width: desktop ? (minimized ? NARROW : WIDE) : 0 }}>
            <nav
              data-testid="side-menu"
              aria-label={t('menu.label')}
              className={mergeClasses(
                styles.nav,
                desktop && minimized && hovered && styles.overlay,
                !desktop && styles.mobileNav,
                !desktop && mobileOpen && styles.mobileOpen,
              )}
              style={desktop ? { width: collapsed ? NARROW : WIDE } : undefined}
              onMouseEnter={() => setHovered(true)}
              onMouseLeave={() => setHovered(false)}
              // Hidden off-canvas on narrow screens: keep it out of the tab order too.
              inert={!desktop && !mobileOpen}
            >
              <SideMenu collapsed={collapsed} onNavigate={() => setHovered(false)} />
            </nav>
          </div>
          {!desktop && mobileOpen && <div className={styles.backdrop} onClick={() => setMobileOpen(false)} />}
          <div className={styles.column}>
            <main className={styles.main} tabIndex={-1}>
              <Subheader />
              {/* One boundary for every screen, outside the keyed fade: the router navigates in a
                transition, so a screen whose code is still loading keeps the previous one on
                screen instead of a spinner, and the new one shows the moment it is ready. A
                boundary keyed per path would be new on each click, and React holds back the
                reveal of a new boundary's content. The chrome never blanks either way. */}
              <Suspense fallback={<LoadingState />}>
                <div key={pathname} className={styles.fade}>
                  {children}
                </div>
              </Suspense>
            </main>
            <Footer />
          </div>
        </div>
        <SidePanel />
        <ProfilePanel />
      </div>
    </DateDisplaySource>
  );
}
