/** What every order screen shows alike: status badges, platform logos, money and moments. */
import { Badge, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency, NotificationPlatform, OrderStatus } from '#shared/constants';
import { formatMoney } from '#shared/domain/money';
import { businessToday, formatInstant } from '../../ui/date-text';
import { useConfig } from '../shell/use-config';
import { lineFees } from './order-money';

const STATUS_COLOR: Record<
  OrderStatus,
  'informative' | 'brand' | 'warning' | 'important' | 'success' | 'danger' | 'severe' | 'subtle'
> = {
  RECEIVED: 'informative',
  ACCEPTED: 'brand',
  PACKED: 'warning',
  SHIPPED: 'important',
  COMPLETED: 'success',
  CANCELLED: 'danger',
  BOOKED: 'severe',
  AWAITING: 'warning',
};

/** A tinted badge: its own background keeps the text readable on any row tint. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('ordermanagement');
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const useLogoStyles = makeStyles({
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '44px',
    height: '20px',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '0.02em',
    whiteSpace: 'nowrap',
  },
  // Dark text on light fills and white on dark: 4.5:1 or better each.
  AMAZONJP: { backgroundColor: '#232f3e', color: '#ffffff' },
  AMAZONIND: { backgroundColor: '#ff9900', color: '#111111' },
  SHOPIFY: { backgroundColor: '#e3f1df', color: '#1d4f16' },
  KIWAMI: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1 },
});

const LOGO_TEXT: Record<NotificationPlatform, string> = {
  AMAZONJP: 'a.jp',
  AMAZONIND: 'a.in',
  SHOPIFY: 'shop',
  KIWAMI: 'KIW',
};

/** The platform's mark; its name is the accessible text and the tooltip. */
export function PlatformLogo({ platform }: { platform: NotificationPlatform }) {
  const styles = useLogoStyles();
  const { t } = useTranslation('common');
  const name = t(`platforms.${platform}`);
  return (
    <Tooltip content={name} relationship="label">
      <span className={mergeClasses(styles.logo, styles[platform])} role="img" aria-label={name}>
        {LOGO_TEXT[platform]}
      </span>
    </Tooltip>
  );
}

/** Amounts with their currency sign, in the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ja' ? 'ja' : 'en';
  return useCallback((amount: number, currency: Currency) => formatMoney(amount, currency, locale), [locale]);
}

/** Moments (created, changed) and today, in the business's time zone. */
export function useBusinessTime() {
  const zone = useConfig().data?.timeZone;
  return {
    zone,
    instant: useCallback((iso: string, format?: string) => formatInstant(iso, zone, format), [zone]),
    today: useCallback(() => businessToday(zone), [zone]),
  };
}

/**
 * Closing fee, commission and tax added up, each shown in the tooltip; `sum` formats the sum
 * (a table row whose price says the currency shows it without the sign).
 */
export function PlatformFee({
  order,
  sum,
}: {
  order: { currency: Currency; closingFee: number; commission: number; gst: number };
  sum?: (amount: number, currency: Currency) => string;
}) {
  const { t } = useTranslation('ordermanagement');
  const money = useMoney();
  const fees = lineFees(order);
  return (
    <Tooltip
      relationship="description"
      content={
        <>
          {t('fees.closingFee')}: {money(order.closingFee, order.currency)}
          <br />
          {t('fees.commission')}: {money(order.commission, order.currency)}
          <br />
          {t('fees.gst')}: {money(order.gst, order.currency)}
        </>
      }
    >
      <span tabIndex={0}>{(sum ?? money)(fees.platformFee, order.currency)}</span>
    </Tooltip>
  );
}
