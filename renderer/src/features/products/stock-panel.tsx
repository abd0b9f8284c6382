/**
 * The edit screen's stock: the current quantity, an adjustment with a required reason
 * (POST /products/{id}/stock-adjustments) and the movement history (the stock ledger).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  makeStyles,
  Subtitle1,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowSwapRegular, HistoryRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pageCount } from '#shared/query';
import { stockAdjustmentSchema, type Product } from '#shared/schemas/product';
import { ApiError } from '../../api/http';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { AppTable } from '../../ui/app-table';
import { useNotify } from '../../ui/notify';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { Pager } from '../../ui/pager';
import { useErrorText, useFieldMessage } from '../../ui/use-error-text';
import { adjustStock, fetchStockMovements } from './products.api';
import { useDateDisplay } from '../../ui/use-date-display';
import { useOffline } from '../../ui/use-offline';

const HISTORY_PAGE_SIZE = 10;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  figure: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  big: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  plus: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  minus: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  low: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type AdjustmentValues = z.input<typeof stockAdjustmentSchema>;
type AdjustmentOutput = z.output<typeof stockAdjustmentSchema>;

export function StockPanel({ product }: { product: Product }) {
  const { writeProps } = useOffline();
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const dates = useDateDisplay();
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const movements = useQuery({
    queryKey: queryKeys.products.movements(product._id, page),
    queryFn: () => fetchStockMovements(product._id, page, HISTORY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(movements.data?.totalCount ?? 0, HISTORY_PAGE_SIZE);
  const low = product.inStockQuantity <= product.lowStockLevel;

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <Subtitle1 as="h2">{t('stock.title')}</Subtitle1>
        <Button icon={<ArrowSwapRegular />} {...writeProps()} onClick={() => setAdjusting(true)}>
          {t('stock.adjust')}
        </Button>
      </div>
      <div className={styles.figure}>
        <span className={styles.big} data-testid="current-stock">
          {product.inStockQuantity}
        </span>
        <Body1 className={styles.muted}>
          {t('stock.summary', { amazon: product.amazonStockQuantity, level: product.lowStockLevel })}
        </Body1>
      </div>
      {low && <Caption1 className={styles.low}>{t('stock.low')}</Caption1>}
      {movements.isPending ? (
        <LoadingState />
      ) : movements.isError ? (
        <ErrorState error={movements.error} onRetry={() => void movements.refetch()} />
      ) : movements.data.data.length === 0 ? (
        <EmptyState icon={<HistoryRegular />} title={t('stock.noHistory')} />
      ) : (
        <AppTable
          size="small"
          label={t('stock.history')}
          rows={movements.data.data}
          rowKey={(m) => m._id}
          maxHeight="420px"
          columns={[
            {
              key: 'time',
              header: t('stock.columns.time'),
              className: styles.nowrap,
              // In the business's time zone, as the order history shows times: not the computer's.
              cell: (m) => dates.dateTime(m.createdAt),
            },
            {
              key: 'change',
              header: t('stock.columns.change'),
              numeric: true,
              cellProps: (m) => ({ className: m.quantity > 0 ? styles.plus : styles.minus }),
              cell: (m) => (m.quantity > 0 ? `+${m.quantity}` : String(m.quantity)),
            },
            {
              key: 'reason',
              header: t('stock.columns.reason'),
              className: styles.nowrap,
              cell: (m) => t(`stock.reasons.${m.reason}`),
            },
            { key: 'note', header: t('stock.columns.note'), truncate: '260px', cell: (m) => m.note ?? '—' },
            {
              key: 'user',
              header: t('stock.columns.user'),
              truncate: '160px',
              cell: (m) => m.user?.fullname ?? '—',
            },
          ]}
        />
      )}
      {pages > 1 && <Pager size="small" page={page} pages={pages} onPage={setPage} />}
      {adjusting && (
        <AdjustStockDialog
          product={product}
          onClose={(done) => {
            setAdjusting(false);
            if (done) setPage(1);
          }}
        />
      )}
    </Card>
  );
}

function AdjustStockDialog({ product, onClose }: { product: Product; onClose: (done: boolean) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('addproduct');
  const notify = useNotify();
  const errorText = useErrorText();
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AdjustmentValues, unknown, AdjustmentOutput>({
    resolver: zodResolver(stockAdjustmentSchema),
    defaultValues: { note: '' },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const { product: updated } = await adjustStock(product._id, body);
      notify.success(t('stock.adjusted', { quantity: updated.inStockQuantity }));
      queryClient.setQueryData(queryKeys.products.one(product._id), updated);
      await invalidate.products(queryClient);
      onClose(true);
    } catch (error) {
      const field =
        error instanceof ApiError
          ? error.errors.find((e) => e.field === 'quantity' || e.field === 'note')
          : undefined;
      if (field) setError(field.field as 'quantity' | 'note', { message: field.message });
      else notify.error(errorText(error));
    }
  });

  return (
    <AppDialog
      open
      title={t('stock.adjustTitle')}
      contentClassName={styles.form}
      onClose={() => onClose(false)}
      dirty={isDirty}
      busy={isSubmitting}
      onSubmit={(e) => void submit(e)}
      primary={{ label: t('stock.save') }}
    >
      <Body1>{t('stock.adjustIntro', { quantity: product.inStockQuantity })}</Body1>
      <Field
        label={t('stock.quantity')}
        hint={t('stock.quantityHint')}
        required
        validationMessage={fieldMessage(errors.quantity)}
      >
        <Input
          {...register('quantity', {
            setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)),
          })}
          type="number"
          step={1}
        />
      </Field>
      <Field label={t('stock.reason')} required validationMessage={fieldMessage(errors.note)}>
        <Textarea {...register('note')} maxLength={500} resize="vertical" />
      </Field>
    </AppDialog>
  );
}
