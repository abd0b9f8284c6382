/**
 * What the sales and OTZ sales screens share: the period bar (Month / Week / Today, a reset to
 * the current month, a date range), the seven summary cards with their notes, and yen figures.
 */
import {
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeText } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { ErrorState } from '../../ui/page-state';
import { formatCount, formatYen } from './sales-money';
import { DEFAULT_PERIOD, PERIOD_TOGGLES, parsePeriod, periodDates, type PeriodToggle } from './sales-period';
import type { SalesSummary } from './sales.api';
import { InfoLabel } from '../../ui/labelled-controls';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  toggles: { display: 'flex', gap: tokens.spacingHorizontalXS },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS, minWidth: 0 },
  label: { color: tokens.colorNeutralForeground2 },
  figure: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
  note: { color: tokens.colorNeutralForeground3 },
  negative: { color: tokens.colorStatusDangerForeground1 },
  notes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** A yen figure: a dash when missing, the danger colour when a loss. */
export function Yen({ value, className }: { value: number | null | undefined; className?: string }) {
  const styles = useStyles();
  const { i18n } = useTranslation();
  const negative = typeof value === 'number' && value < 0;
  return (
    <span className={mergeClasses(negative && styles.negative, className)}>
      {formatYen(value, i18n.language)}
    </span>
  );
}

/** The period toggle, its reset and the date range; every change goes to the URL through `onChange`. */
export function PeriodBar({
  value,
  zone,
  onChange,
  children,
}: {
  /** The `period` URL value. */
  value: string;
  zone: string;
  onChange: (value: string) => void;
  /** More filters (the platform). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('salesmanagement');
  const period = parsePeriod(value);
  const dates = periodDates(period, new Date(), zone);
  const selected: PeriodToggle | null = period.kind === 'toggle' ? period.toggle : null;
  return (
    <div className={styles.bar}>
      <div className={styles.toggles} role="group" aria-label={t('period.label')}>
        {PERIOD_TOGGLES.map((toggle) => (
          <ToggleButton
            key={toggle}
            checked={selected === toggle}
            appearance={selected === toggle ? 'primary' : 'secondary'}
            onClick={() => onChange(toggle)}
          >
            {t(`period.${toggle}`)}
          </ToggleButton>
        ))}
      </div>
      <Button icon={<ArrowResetRegular />} onClick={() => onChange(DEFAULT_PERIOD)}>
        {t('period.reset')}
      </Button>
      <DateRangeFilter
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        value={dateRangeText(dates.from, dates.to)}
        onChange={(text) => onChange(text || DEFAULT_PERIOD)}
      />
      {children}
    </div>
  );
}

type CardKey =
  | 'noOfOrders'
  | 'shippingFee'
  | 'amazonCommission'
  | 'customFee'
  | 'profit'
  | 'salesValue'
  | 'totalCostOfGoods';
const CARDS: readonly CardKey[] = [
  'noOfOrders',
  'shippingFee',
  'amazonCommission',
  'customFee',
  'profit',
  'salesValue',
  'totalCostOfGoods',
];

/**
 * The seven figures of a period, their help and the notes on what they leave out. `notes`
 * adds a screen's own (the exchange-rates link); `cardNotes` a line under a card.
 */
export function SummaryCards({
  summary,
  error,
  onRetry,
  title,
  help,
  labels,
  cardNotes,
  rateNote,
}: {
  summary: SalesSummary | undefined;
  error: unknown;
  onRetry: () => void;
  title: string;
  help: string;
  /** A card's own name on this screen (OTZ sales: commission, not Amazon's). */
  labels?: Partial<Record<CardKey, string>>;
  cardNotes?: Partial<Record<CardKey, string>>;
  /** After the note on sales without a rate: where rates are entered. */
  rateNote?: ReactNode;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('salesmanagement');
  return (
    <section aria-labelledby="sales-summary-title" className={styles.notes}>
      <Subtitle2 as="h2" className={styles.heading}>
        <InfoLabel id="sales-summary-title" size="large" weight="semibold" info={help}>
          {title}
        </InfoLabel>
      </Subtitle2>
      {error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <div className={styles.cards} data-testid="sales-cards" aria-busy={summary === undefined}>
          {CARDS.map((key) => (
            <Card
              key={key}
              className={styles.card}
              data-testid={`card-${key}`}
              role="group"
              aria-label={labels?.[key] ?? t(`cards.${key}`)}
            >
              <Body1 className={styles.label}>{labels?.[key] ?? t(`cards.${key}`)}</Body1>
              {summary ? (
                <span className={styles.figure} data-testid={`card-${key}-value`}>
                  {key === 'noOfOrders' ? (
                    formatCount(summary[key], i18n.language)
                  ) : (
                    <Yen value={summary[key]} />
                  )}
                </span>
              ) : (
                <Skeleton aria-label={t('common:states.loading')}>
                  <SkeletonItem size={28} />
                </Skeleton>
              )}
              {cardNotes?.[key] && <Caption1 className={styles.note}>{cardNotes[key]}</Caption1>}
            </Card>
          ))}
        </div>
      )}
      {summary && summary.withoutPurchasePrice > 0 && (
        <MessageBar intent="warning" data-testid="note-without-purchase-price">
          <MessageBarBody>
            {t('notes.withoutPurchasePrice', { count: summary.withoutPurchasePrice })}
          </MessageBarBody>
        </MessageBar>
      )}
      {summary && summary.withoutYenValue > 0 && (
        <MessageBar intent="warning" data-testid="note-without-yen-value">
          <MessageBarBody>
            {t('notes.withoutYenValue', { count: summary.withoutYenValue })} {rateNote}
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
