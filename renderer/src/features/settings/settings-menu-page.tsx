/** /settings: a card per settings list, each saying what it holds. */
import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import {
  BuildingFactoryRegular,
  ChevronRightRegular,
  CurrencyDollarRupeeRegular,
  MoneyCalculatorRegular,
  TagMultipleRegular,
  VehicleShipRegular,
  BuildingShopRegular,
  PlugConnectedRegular,
  DocumentTextRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrefetchLink } from '../../ui/route-prefetch';
import { useCurrentUser } from '../auth/current-user';
import { BackupsSection } from './backups-section';
import {
  BUSINESS_DETAILS_PATH,
  CONNECTIONS_PATH,
  SETTINGS_KINDS,
  SETTINGS_PATHS,
  type SettingsKind,
} from './settings.paths';

const ICONS: Record<SettingsKind, ReactNode> = {
  category: <TagMultipleRegular />,
  manufacturer: <BuildingFactoryRegular />,
  supplier: <BuildingShopRegular />,
  shippingMethod: <VehicleShipRegular />,
  handlingCharges: <MoneyCalculatorRegular />,
  exchangeRates: <CurrencyDollarRupeeRegular />,
};

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    transitionProperty: 'box-shadow, background-color',
    transitionDuration: tokens.durationFaster,
    ':hover': { boxShadow: tokens.shadow8, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  icon: {
    flexShrink: 0,
    width: '44px',
    height: '44px',
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '24px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flex: 1 },
  description: { color: tokens.colorNeutralForeground3 },
  chevron: { color: tokens.colorNeutralForeground3, fontSize: '16px' },
  channels: { marginTop: tokens.spacingVerticalXXL },
});

export default function SettingsMenuPage() {
  const admin = useCurrentUser().role === 'admin';
  return (
    <>
      <SettingsCards />
      {admin && <ConnectionsCard />}
      {admin && <BusinessCard />}
      <BackupsSection />
    </>
  );
}

function SettingsCards() {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  return (
    <nav aria-label={t('menu.label')}>
      <ul className={styles.grid}>
        {SETTINGS_KINDS.map((kind) => (
          <li key={kind}>
            <MenuCard
              path={SETTINGS_PATHS[kind]}
              icon={ICONS[kind]}
              title={t(`${kind}.title`)}
              description={t(`${kind}.description`)}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The platform connections: apart from the lists, for administrators only. */
function ConnectionsCard() {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  return (
    <nav aria-label={t('connections.menuLabel')} className={styles.channels}>
      <ul className={styles.grid}>
        <li>
          <MenuCard
            path={CONNECTIONS_PATH}
            icon={<PlugConnectedRegular />}
            title={t('connections.title')}
            description={t('connections.description')}
          />
        </li>
      </ul>
    </nav>
  );
}

/** The business details the customs papers print: for administrators only. */
function BusinessCard() {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  return (
    <nav aria-label={t('business.menuLabel')} className={styles.channels}>
      <ul className={styles.grid}>
        <li>
          <MenuCard
            path={BUSINESS_DETAILS_PATH}
            icon={<DocumentTextRegular />}
            title={t('business.title')}
            description={t('business.description')}
          />
        </li>
      </ul>
    </nav>
  );
}

function MenuCard({
  path,
  icon,
  title,
  description,
}: {
  path: string;
  icon: ReactNode;
  title: string;
  description: string;
}) {
  const styles = useStyles();
  const prefetchLink = usePrefetchLink();
  return (
    <Link className={styles.card} to={path} {...prefetchLink(path)}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.text}>
        <Subtitle2>{title}</Subtitle2>
        <Body1 className={styles.description}>{description}</Body1>
      </span>
      <ChevronRightRegular className={styles.chevron} aria-hidden="true" />
    </Link>
  );
}
