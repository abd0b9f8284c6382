/**
 * /packing: the packing station. A scan field that keeps the focus; scanning (or typing) an
 * order id opens that order, or one is opened from the queue of accepted orders below. Each JAN
 * scanned counts one unit on its line at once; what the order does not call for is refused
 * loudly (colour, text, a beep) and counts nothing, and another order's id is said, never
 * switched to. Packed sends the whole order with what was counted, in one request; Cannot
 * complete records a short pick with its reason. A half-packed order asks before it is left.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Textarea,
  tokens,
  type InputOnChangeData,
} from '@fluentui/react-components';
import {
  ArrowExitRegular,
  BoxCheckmarkRegular,
  BoxDismissRegular,
  CheckmarkCircleFilled,
  ErrorCircleFilled,
  InfoRegular,
  ScanDashRegular,
} from '@fluentui/react-icons';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '#shared/constants';
import {
  countedUnits,
  MAX_SHORT_PICK_REASON,
  missingLines,
  packingRecordOf,
  remainingOf,
  type PackOutcome,
} from '#shared/domain/packing';
import type { Order } from '#shared/schemas/order';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { useConfirmAction } from '../../ui/confirm-action';
import { formatDateOnly } from '../../ui/date-display';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { PlatformLogo } from '../orders/order-parts';
import { useProductName } from '../products/product-name';
import { fetchOrderLines, fetchProduct, packOrder, reportShortPick } from './packing.api';
import { beepRefusal } from './pack-sound';
import { PackingQueue } from './packing-queue';
import { usePackStation, type Feedback, type OpenOrder } from './use-pack-station';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  scanPanel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `2px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  refusedPanel: {
    border: `2px solid ${tokens.colorStatusDangerBorderActive}`,
    backgroundColor: tokens.colorStatusDangerBackground1,
  },
  scanInput: { fontSize: tokens.fontSizeBase500, maxWidth: '560px', width: '100%' },
  feedback: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  error: { color: tokens.colorStatusDangerForeground1 },
  success: { color: tokens.colorStatusSuccessForeground1 },
  info: { color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground3 },
  order: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  orderHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  heading: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  countCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  quantity: { width: '80px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  complete: { color: tokens.colorStatusSuccessForeground1, fontWeight: tokens.fontWeightSemibold },
  missing: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

type Tone = 'success' | 'error' | 'info';

export default function PackingPage() {
  const styles = useStyles();
  const { t } = useTranslation('packing');
  const errorText = useErrorText();
  const productName = useProductName();
  const display = useDateDisplay();
  const station = usePackStation();
  const { open, pack, say } = station;
  const scanField = useRef<HTMLInputElement>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<{ orderId: string; byPlatform: Map<Platform, Order[]> } | null>(
    null,
  );
  const [shortPick, setShortPick] = useState(false);
  const [reason, setReason] = useState('');
  const guard = useLeaveGuard(station.dirty);
  const confirm = useConfirmAction();

  const focusScan = useCallback(() => {
    // After the dialog's own focus return (which may come a frame late).
    requestAnimationFrame(() => requestAnimationFrame(() => scanField.current?.focus()));
  }, []);
  /**
   * Focus on the scan field before a dialog opens: the dialog gives focus back to where it was
   * when it opened, so the scanner's next keys land in the field again.
   */
  const beforeDialog = () => scanField.current?.focus();

  const products = useQueries({
    queries: (open?.lines ?? []).map((line) => ({
      queryKey: ['packing', 'product', line.product?._id ?? ''],
      queryFn: () => fetchProduct(line.product?._id ?? ''),
      enabled: Boolean(line.product?._id),
      staleTime: 60_000,
    })),
  });
  const shelfOf = (line: Order) =>
    products.find((p) => p.data?._id === line.product?._id)?.data?.shelfNumber ?? null;
  const nameOf = (line: Order) => {
    const full = products.find((p) => p.data?._id === line.product?._id)?.data;
    return full ? productName(full) : (line.product?.name ?? '—');
  };

  const chooseLines = (orderId: string, lines: Order[]) => {
    const accepted = lines.filter((l) => l.shipmentStatus === 'ACCEPTED');
    if (accepted.length !== lines.length || lines.length === 0) {
      const other = lines.find((l) => l.shipmentStatus !== 'ACCEPTED');
      say({
        kind: 'message',
        tone: 'error',
        key: 'feedback.notAccepted',
        params: { orderId, status: t(`ordermanagement:statuses.${other?.shipmentStatus ?? 'RECEIVED'}`) },
      });
      return;
    }
    const first = lines[0] as Order;
    station.openOrder({ orderId, platform: first.platformCode, lines });
  };

  const openById = async (orderId: string, platform?: Platform) => {
    setOpening(orderId);
    say(null);
    // Focus goes back to the scan field once the order is open, unless a question is put first
    // (its dialog keeps the focus; a move out of it closes it).
    let asking = false;
    try {
      const lines = await fetchOrderLines(orderId);
      const byPlatform = new Map<Platform, Order[]>();
      for (const line of lines) {
        if (platform && line.platformCode !== platform) continue;
        byPlatform.set(line.platformCode, [...(byPlatform.get(line.platformCode) ?? []), line]);
      }
      if (byPlatform.size === 0) {
        say({ kind: 'message', tone: 'error', key: 'feedback.notFound', params: { orderId } });
      } else if (byPlatform.size > 1) {
        beforeDialog();
        asking = true;
        setChoosing({ orderId, byPlatform });
      } else {
        chooseLines(orderId, [...byPlatform.values()][0] as Order[]);
      }
    } catch (error) {
      say({ kind: 'message', tone: 'error', key: 'errorText', params: { text: errorText(error) } });
    } finally {
      setOpening(null);
      if (!asking) focusScan();
    }
  };

  const onScan = (code: string) => {
    if (opening) {
      // Nothing to count on yet: said and heard, never dropped unnoticed.
      say({
        kind: 'message',
        tone: 'error',
        key: 'feedback.stillOpening',
        params: { orderId: opening, code },
      });
      beepRefusal();
      return;
    }
    if (open) station.scan(code);
    else void openById(code);
  };

  const packed = useAppMutation({
    mutationFn: (order: OpenOrder) =>
      packOrder(
        order.lines.map((l) => l._id),
        packingRecordOf(pack ?? never()),
      ),
    onSuccess: (_data, order) => {
      guard.release();
      station.close();
      say({ kind: 'message', tone: 'success', key: 'feedback.packed', params: { orderId: order.orderId } });
      guard.rearm();
      focusScan();
    },
    onError: () => focusScan(),
    invalidate: invalidate.orders,
  });

  const shortPicked = useAppMutation({
    mutationFn: ({ order, text }: { order: OpenOrder; text: string }) =>
      reportShortPick((order.lines[0] as Order)._id, text),
    onSuccess: (_data, { order }) => {
      setShortPick(false);
      setReason('');
      guard.release();
      station.close();
      say({ kind: 'message', tone: 'info', key: 'feedback.shortPicked', params: { orderId: order.orderId } });
      guard.rearm();
      focusScan();
    },
    invalidate: invalidate.orders,
  });

  const leave = () => {
    if (!open || !pack) return;
    if (!station.dirty) {
      station.close();
      say(null);
      focusScan();
      return;
    }
    beforeDialog();
    confirm.ask({
      title: t('leave.title', { orderId: open.orderId }),
      body: t('leave.body', { count: countedUnits(pack) }),
      confirmLabel: t('leave.confirm'),
      keepLabel: t('leave.keep'),
      confirmIcon: <ArrowExitRegular />,
      onConfirm: () => {
        station.close();
        say(null);
        focusScan();
      },
    });
  };

  const complete = pack !== null && pack.lines.length > 0 && missingLines(pack).length === 0;
  const total = pack?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

  const columns: TableColumn<Order>[] = [
    { key: 'product', header: t('columns.product'), cell: (line) => nameOf(line), truncate: '320px' },
    {
      key: 'jan',
      header: t('columns.jan'),
      cell: (line) => <span className={styles.mono}>{line.product?.janCode ?? '—'}</span>,
    },
    { key: 'shelf', header: t('columns.shelf'), cell: (line) => shelfOf(line) ?? t('line.noShelf') },
    { key: 'ordered', header: t('columns.ordered'), numeric: true, cell: (line) => line.orderQuantity },
    {
      key: 'counted',
      header: t('columns.counted'),
      numeric: true,
      cell: (line) => {
        const counted = pack?.counted[line._id] ?? 0;
        return counted === line.orderQuantity ? (
          <span className={styles.complete} data-testid={`counted-${line._id}`}>
            {counted} ✓
          </span>
        ) : (
          <span data-testid={`counted-${line._id}`}>{counted}</span>
        );
      },
    },
    {
      key: 'count',
      header: t('columns.count'),
      cell: (line) => (
        <QuantityEntry
          label={t('line.quantityLabel', { product: nameOf(line) })}
          button={t('line.countButton')}
          disabled={!pack || remainingOf(pack, pack.lines.find((l) => l.key === line._id) ?? never()) === 0}
          doneLabel={t('line.done')}
          onCount={(quantity) => {
            station.countQuantity(line._id, quantity);
            focusScan();
          }}
        />
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <section
        className={mergeClasses(styles.scanPanel, isRefusal(station.feedback) && styles.refusedPanel)}
        aria-label={t('scan.label')}
      >
        <ScanField
          ref={scanField}
          label={t('scan.label')}
          hint={open ? t('scan.hintOpen') : t('scan.hintIdle')}
          onScan={onScan}
        />
        <FeedbackLine
          key={station.serial}
          feedback={station.feedback}
          opening={opening}
          openOrderId={open?.orderId}
          nameOf={(key) => {
            const line = open?.lines.find((l) => l._id === key);
            return line ? nameOf(line) : '';
          }}
        />
      </section>

      {open && pack ? (
        <section className={styles.order} aria-label={t('order.region')}>
          <div className={styles.orderHead}>
            <Subtitle2 as="h2" className={styles.heading}>
              {t('order.heading', { orderId: open.orderId })}
            </Subtitle2>
            <PlatformLogo platform={open.platform} />
            {open.lines[0]?.expectedShippingDate && (
              <span>
                {t('order.shipBy')}: {formatDateOnly(open.lines[0].expectedShippingDate, display)}
              </span>
            )}
            <span role="status" data-testid="pack-progress">
              {t('order.progress', { counted: countedUnits(pack), total })}
            </span>
          </div>
          <AppTable
            label={t('order.lines', { orderId: open.orderId })}
            rows={open.lines}
            columns={columns}
            rowKey={(line) => line._id}
            size="small"
          />
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={<BoxCheckmarkRegular />}
              disabled={!complete || packed.isPending}
              onClick={() => packed.mutate(open)}
            >
              {t('order.packed')}
            </Button>
            <Button
              icon={<BoxDismissRegular />}
              disabled={packed.isPending}
              onClick={() => {
                beforeDialog();
                setShortPick(true);
              }}
            >
              {t('order.cannotComplete')}
            </Button>
            <Button icon={<ArrowExitRegular />} disabled={packed.isPending} onClick={leave}>
              {t('order.leave')}
            </Button>
          </div>
        </section>
      ) : (
        <PackingQueue
          onOpen={(order) => {
            void openById(order.orderId, order.platformCode);
          }}
        />
      )}

      <AppDialog
        open={choosing !== null}
        title={choosing ? t('choose.title', { orderId: choosing.orderId }) : ''}
        closeLabel={t('choose.cancel')}
        onClose={() => {
          setChoosing(null);
          focusScan();
        }}
      >
        <p>{t('choose.body')}</p>
        <div className={styles.actions}>
          {[...(choosing?.byPlatform.entries() ?? [])].map(([platform, lines]) => (
            <Button
              key={platform}
              onClick={() => {
                const orderId = choosing?.orderId ?? '';
                setChoosing(null);
                chooseLines(orderId, lines);
                focusScan();
              }}
            >
              {t(`common:platforms.${platform}`)}
            </Button>
          ))}
        </div>
      </AppDialog>

      <AppDialog
        open={shortPick && open !== null}
        title={open ? t('short.title', { orderId: open.orderId }) : ''}
        closeLabel={t('short.keep')}
        dirty={reason.trim() !== ''}
        busy={shortPicked.isPending}
        onClose={() => {
          setShortPick(false);
          setReason('');
          focusScan();
        }}
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          if (open && reason.trim()) shortPicked.mutate({ order: open, text: reason.trim() });
        }}
        primary={{ label: t('short.confirm'), icon: <BoxDismissRegular />, disabled: reason.trim() === '' }}
      >
        <p>{t('short.body')}</p>
        <ul className={styles.missing}>
          {(pack ? missingLines(pack) : []).map(({ line, missing }) => {
            const order = open?.lines.find((l) => l._id === line.key);
            return (
              <li key={line.key}>
                {t('short.missing', {
                  product: order ? nameOf(order) : line.janCode,
                  missing,
                  quantity: line.quantity,
                })}
              </li>
            );
          })}
        </ul>
        <Field label={t('short.reason')} hint={t('short.reasonHint')} required>
          <Textarea
            value={reason}
            maxLength={MAX_SHORT_PICK_REASON}
            onChange={(_e, data) => setReason(data.value)}
            resize="vertical"
          />
        </Field>
      </AppDialog>

      {confirm.dialog}
      {guard.prompt}
    </div>
  );
}

function never(): never {
  throw new Error('no open order');
}

const isRefusal = (feedback: Feedback | null) =>
  feedback !== null &&
  ((feedback.kind === 'outcome' && feedback.outcome.kind === 'refused') ||
    (feedback.kind === 'message' && feedback.tone === 'error'));

/** What the last scan did, in words: a refusal loud (it is also heard), a count quiet. */
function FeedbackLine({
  feedback,
  opening,
  openOrderId,
  nameOf,
}: {
  feedback: Feedback | null;
  opening: string | null;
  openOrderId: string | undefined;
  nameOf: (lineKey: string) => string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('packing');
  if (opening && feedback?.kind !== 'message') {
    return (
      <div className={mergeClasses(styles.feedback, styles.info)} role="status">
        {t('scan.opening', { orderId: opening })}
      </div>
    );
  }
  if (!feedback) return <div className={styles.feedback} role="status" />;
  const [tone, text] = feedbackText(feedback, openOrderId ?? '', nameOf, t as unknown as Say);
  const Icon =
    tone === 'error' ? ErrorCircleFilled : tone === 'success' ? CheckmarkCircleFilled : InfoRegular;
  return (
    <div
      className={mergeClasses(styles.feedback, styles[tone])}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="pack-feedback"
      data-tone={tone}
    >
      <Icon aria-hidden />
      <span>{text}</span>
    </div>
  );
}

type Say = (key: string, params?: Record<string, unknown>) => string;

function feedbackText(
  feedback: Feedback,
  openOrderId: string,
  nameOf: (lineKey: string) => string,
  t: Say,
): [Tone, string] {
  if (feedback.kind === 'message') {
    if (feedback.key === 'errorText') return ['error', String(feedback.params.text)];
    return [feedback.tone, t(feedback.key, feedback.params)];
  }
  const outcome: PackOutcome = feedback.outcome;
  switch (outcome.kind) {
    case 'sameOrder':
      return ['info', t('feedback.sameOrder', { orderId: openOrderId })];
    case 'counted': {
      const product = nameOf(outcome.line.key);
      const params = {
        product,
        count: outcome.count,
        quantity: outcome.line.quantity,
        added: outcome.quantity,
      };
      const counted = t(outcome.quantity === 1 ? 'feedback.counted' : 'feedback.countedMany', params);
      return ['success', feedback.complete ? `${counted} ${t('feedback.complete')}` : counted];
    }
    case 'refused': {
      const product = outcome.line ? nameOf(outcome.line.key) : '';
      if (outcome.reason === 'notInOrder') return ['error', t('feedback.notInOrder', { code: outcome.code })];
      if (outcome.reason === 'otherOrder')
        return ['error', t('feedback.otherOrder', { scanned: outcome.code, open: openOrderId })];
      if (outcome.quantity !== undefined)
        return ['error', t('feedback.overQuantity', { product, missing: outcome.missing ?? 0 })];
      return ['error', t('feedback.overScan', { product, quantity: outcome.line?.quantity ?? 0 })];
    }
  }
}

/**
 * The scan field: a scanner types the code, then Enter. Its text is its own state, so a
 * keystroke renders the field alone, never the order's table.
 */
function ScanField({
  ref,
  label,
  hint,
  onScan,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  hint: string;
  onScan: (code: string) => void;
}) {
  const styles = useStyles();
  const [value, setValue] = useState('');
  return (
    <Field label={label} hint={hint}>
      <Input
        ref={ref}
        autoFocus
        size="large"
        className={styles.scanInput}
        contentBefore={<ScanDashRegular />}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(_e, data: InputOnChangeData) => setValue(data.value)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const code = value.trim();
          setValue('');
          if (code) onScan(code);
        }}
        data-testid="scan-field"
      />
    </Field>
  );
}

/** A line's quantity field: a line of 12 is counted in one go, not scanned 12 times. */
function QuantityEntry({
  label,
  button,
  doneLabel,
  disabled,
  onCount,
}: {
  label: string;
  button: string;
  doneLabel: string;
  disabled: boolean;
  onCount: (quantity: number) => void;
}) {
  const styles = useStyles();
  const [value, setValue] = useState('');
  const quantity = /^\d{1,6}$/.test(value) ? Number(value) : 0;
  const submit = () => {
    if (quantity < 1) return;
    setValue('');
    onCount(quantity);
  };
  if (disabled) return <span className={styles.complete}>{doneLabel}</span>;
  return (
    <span className={styles.countCell}>
      <Input
        aria-label={label}
        className={styles.quantity}
        inputMode="numeric"
        value={value}
        onChange={(_e, data: InputOnChangeData) => setValue(data.value.replace(/\D/g, ''))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Button size="small" disabled={quantity < 1} onClick={submit}>
        {button}
      </Button>
    </span>
  );
}
