/**
 * Print labels: for the products selected in the list, labels per product (1 by default), the
 * sheet (24 or 40 to an A4 page) and the first free label of a sheet already used in part
 * (a small picture of the sheet to click, or to move through with the arrow keys), then the
 * server's PDF saved through the platform module. Products whose JAN would not scan are named
 * before anything is asked of the server, which refuses them too.
 */
import {
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, DocumentPdfRegular, TagMultipleRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_SHEETS, sheetsNeeded, type LabelsPerPage } from '#shared/domain/label-sheet';
import type { Product } from '#shared/schemas/product';
import { platform } from '../../platform/platform';
import { AppDialog } from '../../ui/app-dialog';
import { ExportProgress } from '../../ui/export-progress';
import { useNotify } from '../../ui/notify';
import { useErrorText } from '../../ui/use-error-text';
import { useOffline } from '../../ui/use-offline';
import { useProductName } from './product-name';
import {
  LABELS_MAX_PRODUCTS,
  MAX_LABELS,
  MAX_LABELS_PER_PRODUCT,
  labelQuantity,
  productLabelsPath,
  withoutValidJan,
  type ProductSelection,
} from './product-labels';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  selected: { color: tokens.colorNeutralForeground2 },
  surface: { maxWidth: '640px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  products: {
    maxHeight: '220px',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  quantity: { width: '96px', minWidth: 0 },
  productText: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sheetRow: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', alignItems: 'flex-start' },
  sheet: {
    display: 'grid',
    gap: '2px',
    padding: '4px',
    width: 'max-content',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  cell: {
    minWidth: '0',
    padding: '0',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: '2px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  cell24: { width: '34px', height: '18px' },
  cell40: { width: '26px', height: '14px' },
  used: { backgroundColor: tokens.colorNeutralBackground5, color: tokens.colorNeutralForeground4 },
  start: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `1px solid ${tokens.colorBrandStroke1}`,
  },
  noJan: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The count of selected products, Clear, and "Print labels" with its dialog. */
export function PrintLabelsBar({ selection }: { selection: ProductSelection }) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const notify = useNotify();
  const { writeProps } = useOffline();
  const [open, setOpen] = useState(false);
  const count = selection.selected.size;
  const openDialog = () => {
    if (count > LABELS_MAX_PRODUCTS)
      return notify.warning(t('errors:tooManyItems', { max: LABELS_MAX_PRODUCTS }));
    setOpen(true);
  };
  return (
    <div className={styles.bar}>
      {count > 0 && (
        <>
          <span className={styles.selected} aria-live="polite">
            {t('labels.selected', { count })}
          </span>
          <Button appearance="subtle" icon={<DismissRegular />} onClick={selection.clear}>
            {t('labels.clear')}
          </Button>
        </>
      )}
      <Button
        icon={<TagMultipleRegular />}
        // The PDF comes from the server: not made offline.
        {...writeProps({ disabled: count === 0 })}
        onClick={openDialog}
      >
        {t('labels.print')}
      </Button>
      {open && (
        <ProductLabelsDialog
          products={[...selection.selected.values()]}
          onClose={() => setOpen(false)}
          // The selection stays: the same labels are often printed again on a fresh sheet.
          onSaved={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function ProductLabelsDialog({
  products,
  onClose,
  onSaved,
}: {
  products: readonly Product[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const productName = useProductName();
  const notify = useNotify();
  const errorText = useErrorText();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [perPage, setPerPage] = useState<LabelsPerPage>(24);
  const [start, setStart] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const textOf = (p: Product) => quantities[p._id] ?? '1';
  const parsed = products.map((p) => ({ id: p._id, quantity: labelQuantity(textOf(p)) }));
  const allValid = parsed.every((item) => item.quantity !== null);
  const total = parsed.reduce((sum, item) => sum + (item.quantity ?? 0), 0);
  const unprintable = withoutValidJan(products);
  const tooMany = total > MAX_LABELS;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!allValid || tooMany || unprintable.length > 0) return;
    setBusy(true);
    try {
      const items = parsed.map((item) => ({ id: item.id, quantity: item.quantity ?? 1 }));
      const result = await platform.savePdf({
        defaultName: 'product-labels.pdf',
        path: productLabelsPath({ items, perPage, start }),
      });
      if (result.saved) {
        notify.success(t('labels.saved'));
        onSaved();
      }
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open
      title={t('labels.title')}
      onClose={onClose}
      className={styles.surface}
      busy={busy}
      dirty={Object.keys(quantities).length > 0}
      onSubmit={(e) => void onSubmit(e)}
      primary={{
        label: t('labels.save'),
        icon: <DocumentPdfRegular />,
        disabled: !allValid || tooMany || unprintable.length > 0,
      }}
    >
      <div className={styles.form}>
        {unprintable.length > 0 && (
          <MessageBar intent="error" layout="multiline" role="alert" data-testid="labels-no-jan">
            <MessageBarBody>
              {t('labels.noJan')}
              <ul className={styles.noJan}>
                {unprintable.map((p) => (
                  <li key={p._id}>
                    {productName(p)} ({p.skuCode}, {p.janCode})
                  </li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.products} role="group" aria-label={t('labels.quantityHeader')}>
          {products.map((p) => {
            const name = productName(p);
            const wrong = labelQuantity(textOf(p)) === null;
            return (
              <Field
                key={p._id}
                label={{ children: <span className={styles.productText}>{`${name} · ${p.skuCode}`}</span> }}
                orientation="horizontal"
                validationMessage={
                  wrong ? t('labels.quantityRange', { max: MAX_LABELS_PER_PRODUCT }) : undefined
                }
              >
                <Input
                  className={styles.quantity}
                  type="number"
                  min={1}
                  max={MAX_LABELS_PER_PRODUCT}
                  aria-label={t('labels.quantity', { name })}
                  value={textOf(p)}
                  onChange={(_e, data) => setQuantities((q) => ({ ...q, [p._id]: data.value }))}
                />
              </Field>
            );
          })}
        </div>
        <div className={styles.sheetRow}>
          <Field label={t('labels.perPage')}>
            <RadioGroup
              value={String(perPage)}
              onChange={(_e, data) => {
                const next = Number(data.value) as LabelsPerPage;
                setPerPage(next);
                setStart((s) => Math.min(s, next));
              }}
            >
              <Radio value="24" label={t('labels.perPage24')} />
              <Radio value="40" label={t('labels.perPage40')} />
            </RadioGroup>
          </Field>
          <Field label={t('labels.start')} hint={t('labels.startHint', { position: start })}>
            <StartPosition perPage={perPage} start={start} onChange={setStart} />
          </Field>
        </div>
        <Caption1 data-testid="labels-total">
          {tooMany
            ? t('labels.tooMany', { max: MAX_LABELS })
            : t('labels.total', { count: total, sheets: sheetsNeeded(perPage, start, total) })}
        </Caption1>
        <ExportProgress active={busy} />
        {problem && (
          <MessageBar intent="warning" layout="multiline" role="alert" data-testid="labels-problem">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </AppDialog>
  );
}

/**
 * The sheet in small: one button per label, those before the start shown as used. A radio
 * group: Tab reaches the chosen position, the arrow keys move it (up and down by a row), Home
 * and End go to the first and last label.
 */
function StartPosition({
  perPage,
  start,
  onChange,
}: {
  perPage: LabelsPerPage;
  start: number;
  onChange: (position: number) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const sheet = LABEL_SHEETS[perPage];
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (position: number) => {
    const next = Math.min(Math.max(position, 1), perPage);
    onChange(next);
    cells.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: sheet.columns,
      ArrowUp: -sheet.columns,
    };
    if (event.key in step) move(start + (step[event.key] ?? 0));
    else if (event.key === 'Home') move(1);
    else if (event.key === 'End') move(perPage);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('labels.start')}
      className={styles.sheet}
      style={{ gridTemplateColumns: `repeat(${sheet.columns}, auto)` }}
      onKeyDown={onKeyDown}
      data-testid="labels-start"
    >
      {Array.from({ length: perPage }, (_, i) => {
        const position = i + 1;
        return (
          <button
            key={position}
            ref={(el) => {
              cells.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={position === start}
            aria-label={t('labels.position', { position })}
            tabIndex={position === start ? 0 : -1}
            className={mergeClasses(
              styles.cell,
              perPage === 24 ? styles.cell24 : styles.cell40,
              position < start && styles.used,
              position === start && styles.start,
            )}
            onClick={() => onChange(position)}
          >
            {position}
          </button>
        );
      })}
    </div>
  );
}
