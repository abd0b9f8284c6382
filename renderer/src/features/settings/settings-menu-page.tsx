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
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrefetchLink } from '../../ui/route-prefetch';
import { BackupsSection } from './backups-section';
import { SETTINGS_KINDS, SETTINGS_PATHS, type SettingsKind } from './settings.paths';

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
});

export default function SettingsMenuPage() {
  return (
    <>
      <SettingsCards />
      <BackupsSection />
    </>
  );
}

function SettingsCards() {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const prefetchLink = usePrefetchLink();
  return (
    <nav aria-label={t('menu.label')}>
      <ul className={styles.grid}>
        {SETTINGS_KINDS.map((kind) => (
          <li key={kind}>
            <Link className={styles.card} to={SETTINGS_PATHS[kind]} {...prefetchLink(SETTINGS_PATHS[kind])}>
              <span className={styles.icon} aria-hidden="true">
                {ICONS[kind]}
              </span>
              <span className={styles.text}>
                <Subtitle2>{t(`${kind}.title`)}</Subtitle2>
                <Body1 className={styles.description}>{t(`${kind}.description`)}</Body1>
              </span>
              <ChevronRightRegular className={styles.chevron} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
