/**
 * The order import screen's named parts: where the report is dropped, the progress of a run, and
 * what a run found (its counts and the rows it could not use, as the server listed them).
 */
import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  makeStyles,
  ProgressBar,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSource, OrderImportResult } from '#shared/schemas/order-import';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { translateError, type Translate } from '../../i18n/error-message';
import type { ImportProgress } from './order-import.api';

export const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  dropActive: {
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  dropIcon: { fontSize: '32px' },
  hiddenInput: { display: 'none' },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  count: { padding: tokens.spacingVerticalM },
  figure: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: 600 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Unmatched = OrderImportResult['unmatched'][number];
type RowProblem = OrderImportResult['errors'][number];

/** What the file dialog offers for each platform's report. */
export const REPORT_ACCEPT: Record<ImportSource, string> = {
  shopify: '.csv,text/csv',
  amazon: '.txt,.tsv,.csv,text/plain,text/tab-separated-values',
};

/**
 * The drop zone, with a button for the file dialog; a chosen file is shown by name and size.
 * The products CSV import draws it too, with its own words for what to drop.
 */
export function ReportDropZone({
  file,
  accept,
  dropText,
  disabled,
  onChoose,
}: {
  file: File | null;
  /** The file dialog's `accept`. */
  accept: string;
  /** What to drop, when it is not a platform's report. */
  dropText?: string;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('orderimport');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={dragging ? `${styles.drop} ${styles.dropActive}` : styles.drop}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <DocumentArrowUpRegular className={styles.dropIcon} aria-hidden="true" />
      <Body1>
        {file
          ? t('file.chosen', { name: file.name, size: (file.size / 1024).toFixed(1) })
          : (dropText ?? t('file.drop'))}
      </Body1>
      <input
        ref={input}
        className={styles.hiddenInput}
        type="file"
        accept={accept}
        aria-label={t('file.choose')}
        data-testid="file-input"
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button icon={<ArrowUploadRegular />} disabled={disabled} onClick={() => input.current?.click()}>
        {file ? t('file.change') : t('file.choose')}
      </Button>
    </div>
  );
}

/** A run's progress: the upload's bytes, then the lines done and how far into the file. */
export function ImportProgressView({
  progress,
  dryRun,
}: {
  progress: ImportProgress | null;
  dryRun: boolean;
}) {
  const { t } = useTranslation('orderimport');
  let value: number | undefined;
  let text: string;
  if (!progress || progress.stage === 'reading') {
    value = undefined;
    text = t('progress.reading');
  } else if (progress.stage === 'upload') {
    value = progress.total > 0 ? progress.done / progress.total : 0;
    text = t('progress.upload', { percent: Math.floor((value ?? 0) * 100) });
  } else {
    const { done, read, size } = progress;
    const lines = done.toLocaleString();
    if (size && read !== undefined) {
      value = Math.min(read / size, 1);
      const percent = Math.floor(value * 100);
      text = t(dryRun ? 'progress.checking' : 'progress.importing', { done: lines, percent });
    } else {
      value = undefined;
      text = t(dryRun ? 'progress.checkingLines' : 'progress.importingLines', { done: lines });
    }
  }
  return (
    <Field
      validationMessage={text}
      validationState="none"
      label={dryRun ? t('preview.title') : t('result.running')}
    >
      <ProgressBar value={value} thickness="large" aria-valuetext={text} data-testid="import-progress" />
    </Field>
  );
}

/** "Showing the first 100 of 4,500 …" under a list the server cut short. */
function Showing({
  what,
  shown,
  total,
}: {
  what: 'unmatched.showing' | 'errorsTable.showing';
  shown: number;
  total: number;
}) {
  const { t } = useTranslation('orderimport');
  if (total <= shown) return null;
  return (
    <Caption1 data-testid={what}>
      {t(what, { shown: shown.toLocaleString(), total: total.toLocaleString() })}
    </Caption1>
  );
}

/** A list of the report's rows the server sent (the first of them), under its title; nothing when empty. */
function RowsSection<T>({
  title,
  showing,
  rows,
  total,
  columns,
  rowKey,
}: {
  title: string;
  showing: 'unmatched.showing' | 'errorsTable.showing';
  rows: readonly T[];
  total: number;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
}) {
  const styles = useStyles();
  if (rows.length === 0) return null;
  return (
    <section className={styles.section}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      <Showing what={showing} shown={rows.length} total={total} />
      <AppTable
        label={title}
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        size="small"
        maxHeight="320px"
        focusableFrame
      />
    </section>
  );
}

/** What a run found: its counts, then the rows whose product is unknown and the rows in error. */
export function ImportSummary({ result, dryRun }: { result: OrderImportResult; dryRun: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('orderimport');
  const { t: tErrors } = useTranslation('errors');
  const counts: [string, number][] = [
    [dryRun ? t('counts.toCreate') : t('counts.created'), result.created],
    [dryRun ? t('counts.toUpdate') : t('counts.updated'), result.updated],
    [t('counts.skipped'), result.skipped],
    [t('counts.unmatched'), result.unmatchedCount],
    [t('counts.errors'), result.errorCount],
  ];
  const unmatchedColumns: TableColumn<Unmatched>[] = [
    { key: 'row', header: t('table.row'), numeric: true, cell: (r) => r.row },
    { key: 'sku', header: t('table.sku'), cell: (r) => r.sku || '—' },
    { key: 'asin', header: t('table.asin'), cell: (r) => r.asin || '—' },
    { key: 'name', header: t('table.name'), cell: (r) => r.name || '—' },
  ];
  const errorColumns: TableColumn<RowProblem>[] = [
    { key: 'row', header: t('table.row'), numeric: true, cell: (r) => r.row },
    {
      key: 'message',
      header: t('table.message'),
      cell: (problem) =>
        translateError(tErrors as unknown as Translate, {
          code: problem.code,
          message: problem.message,
          params: problem.params,
        }),
    },
  ];
  return (
    <>
      <ul className={styles.counts} aria-label={dryRun ? t('preview.title') : t('result.title')}>
        {counts.map(([label, value], index) => (
          <li key={label}>
            <Card className={styles.count}>
              <Caption1>{label}</Caption1>
              <Text className={styles.figure} data-testid={`count-${index}`}>
                {value.toLocaleString()}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
      <RowsSection
        title={t('unmatched.title')}
        showing="unmatched.showing"
        rows={result.unmatched}
        total={result.unmatchedCount}
        columns={unmatchedColumns}
        rowKey={(r) => String(r.row)}
      />
      <RowsSection
        title={t('errorsTable.title')}
        showing="errorsTable.showing"
        rows={result.errors}
        total={result.errorCount}
        columns={errorColumns}
        rowKey={(r) => `${r.row}:${r.code}`}
      />
    </>
  );
}
