/**
 * The simulator's answer, as the values on screen give it (computed in the browser with the
 * shared model, the function the server uses): the final price including tax, the profit at it,
 * and every line of the breakdown in rupees and yen; or why there is no price.
 */
import {
  Body1,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  mergeClasses,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { CalculatorRegular } from '@fluentui/react-icons';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/constants';
import { formatMoney } from '#shared/domain/money';
import { BREAKDOWN_LINES, type BreakdownLine, type SimulationAmounts } from '#shared/domain/simulator';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { EmptyState } from '../../ui/page-state';
import type { LiveResult } from './simulator-form';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  headline: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  price: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: { color: tokens.colorNeutralForeground2 },
  total: { fontWeight: tokens.fontWeightSemibold },
  negative: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Amounts with their currency sign, in the reader's language. Japanese formatting writes the
 * yen sign full-width (￥) where the simulator's labels write ¥: one form, the labels'.
 */
export function useSimulatorMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ja' ? 'ja' : 'en';
  return useCallback(
    (amount: number, currency: Currency) => formatMoney(amount, currency, locale).replace('￥', '¥'),
    [locale],
  );
}

type BreakdownRow = { line: BreakdownLine; amounts: SimulationAmounts };

/** Why the model found no price, as a warning. */
function NoPrice({ status, title, children }: { status: string; title: string; children: ReactNode }) {
  return (
    <div data-testid="simulation-result" data-status={status}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
          {children}
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}

export function SimulationResultView({
  live,
  quantity,
  rate,
}: {
  live: LiveResult;
  quantity: string;
  rate: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('simulator');
  const money = useSimulatorMoney();
  const columns: TableColumn<BreakdownRow>[] = [
    { key: 'line', header: t('result.columns.line'), cell: (row) => t(`result.lines.${row.line}`) },
    {
      key: 'inr',
      header: t('result.columns.inr'),
      numeric: true,
      cell: (row) => money(row.amounts.inr, 'INR'),
    },
    {
      key: 'jpy',
      header: t('result.columns.jpy'),
      numeric: true,
      cell: (row) => money(row.amounts.jpy, 'JPY'),
    },
  ];

  if (live.kind === 'incomplete') {
    return (
      <div data-testid="simulation-result" data-status="incomplete">
        <EmptyState icon={<CalculatorRegular />} title={t('result.incomplete')}>
          {t('result.incompleteBody')}
        </EmptyState>
      </div>
    );
  }
  const { result } = live;
  if (result.status === 'unreachable') {
    return (
      <NoPrice status="unreachable" title={t('result.unreachableTitle')}>
        {t('result.unreachableBody')}
      </NoPrice>
    );
  }
  if (result.status === 'tooHigh') {
    return (
      <NoPrice status="tooHigh" title={t('result.tooHighTitle')}>
        {t('result.tooHighBody', { max: money(result.maxPrice, 'INR') })}
      </NoPrice>
    );
  }

  const rows = BREAKDOWN_LINES.map((line) => ({ line, amounts: result.breakdown[line] }));
  return (
    <div className={styles.root} data-testid="simulation-result" data-status="priced">
      <div className={styles.headline}>
        <Caption1>{t('result.price')}</Caption1>
        <output className={styles.price} data-testid="simulated-price">
          {money(result.price, 'INR')}
        </output>
        <Caption1 className={styles.muted}>{t('result.forQuantity', { quantity, rate })}</Caption1>
        <Body1 data-testid="simulated-profit">
          {t('result.profitAt', { profit: money(result.profit, 'JPY') })}
        </Body1>
      </div>
      <Subtitle2 as="h3">{t('result.breakdown')}</Subtitle2>
      <AppTable
        label={t('result.breakdown')}
        size="small"
        rows={rows}
        rowKey={(row) => row.line}
        rowClassName={(row) =>
          mergeClasses(
            (row.line === 'sellingPrice' || row.line === 'profit') && styles.total,
            row.amounts.jpy < 0 && styles.negative,
          ) || undefined
        }
        columns={columns}
        maxHeight="none"
      />
      <Caption1 className={styles.muted}>{t('result.rounding')}</Caption1>
    </div>
  );
}
