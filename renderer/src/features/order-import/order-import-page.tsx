/**
 * /order-import (admin): a platform's order report in. Choose the source, drop or pick the file,
 * and the screen shows at once what importing it would do (a dry run: counts, rows whose product
 * is unknown, rows with errors, each with its row number), then imports it on request. Both runs
 * show real progress: the upload's bytes, then the server's lines done and how far into the file
 * it is. The server lists the first rows of each kind (and counts them all); the screen says so
 * when there are more.
 */
import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Radio,
  RadioGroup,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSource, OrderImportResult } from '#shared/schemas/order-import';
import { AppTable, type TableColumn } from '../../app/app-table';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState } from '../../app/page-state';
import { translateError, type Translate } from '../../i18n/error-message';
import { importOrderReport, type ImportProgress } from './order-import.api';

const useStyles = makeStyles({
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

type Step =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: ImportProgress | null }
  | { kind: 'preview'; result: OrderImportResult }
  | { kind: 'done'; result: OrderImportResult }
  | { kind: 'failed'; dryRun: boolean; error: unknown };

type Unmatched = OrderImportResult['unmatched'][number];
type RowProblem = OrderImportResult['errors'][number];

export default function OrderImportPage() {
  const styles = useStyles();
  const { t } = useTranslation('orderimport');
  const { t: tErrors } = useTranslation('errors');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<ImportSource>('amazon');
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // While an import writes, the file and source stay as they are; a preview only reads, and a
  // newer choice (another file, the other source) supersedes one still running.
  const importing = step.kind === 'running' && !step.dryRun;
  const runs = useRef(0);

  const run = async (chosen: File, from: ImportSource, dryRun: boolean) => {
    const id = ++runs.current;
    const current = () => runs.current === id;
    setStep({ kind: 'running', dryRun, progress: null });
    try {
      const result = await importOrderReport(chosen, from, dryRun, (progress) => {
        if (current()) setStep({ kind: 'running', dryRun, progress });
      });
      if (!current()) return;
      if (dryRun) {
        setStep({ kind: 'preview', result });
        return;
      }
      setStep({ kind: 'done', result });
      notify.success(t('toast.done', { created: result.created, updated: result.updated }));
      // New orders change the order lists and the products' sales columns.
      await queryClient.invalidateQueries();
    } catch (error) {
      if (current()) setStep({ kind: 'failed', dryRun, error });
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen || importing) return;
    setFile(chosen);
    void run(chosen, source, true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const rowMessage = (problem: RowProblem) =>
    translateError(tErrors as unknown as Translate, {
      code: problem.code,
      message: problem.message,
      params: problem.params,
    });

  const unmatchedColumns: TableColumn<Unmatched>[] = [
    { key: 'row', header: t('table.row'), numeric: true, cell: (r) => r.row },
    { key: 'sku', header: t('table.sku'), cell: (r) => r.sku || '—' },
    { key: 'asin', header: t('table.asin'), cell: (r) => r.asin || '—' },
    { key: 'name', header: t('table.name'), cell: (r) => r.name || '—' },
  ];
  const errorColumns: TableColumn<RowProblem>[] = [
    { key: 'row', header: t('table.row'), numeric: true, cell: (r) => r.row },
    { key: 'message', header: t('table.message'), cell: rowMessage },
  ];

  /** "Showing the first 100 of 4,500 …" under a list the server cut short. */
  const showing = (key: 'unmatched.showing' | 'errorsTable.showing', shown: number, total: number) =>
    total > shown && (
      <Caption1 data-testid={key}>
        {t(key, { shown: shown.toLocaleString(), total: total.toLocaleString() })}
      </Caption1>
    );

  const summary = (result: OrderImportResult, dryRun: boolean) => {
    const counts: [string, number][] = [
      [dryRun ? t('counts.toCreate') : t('counts.created'), result.created],
      [dryRun ? t('counts.toUpdate') : t('counts.updated'), result.updated],
      [t('counts.skipped'), result.skipped],
      [t('counts.unmatched'), result.unmatchedCount],
      [t('counts.errors'), result.errorCount],
    ];
    return (
      <>
        <ul className={styles.counts} aria-label={dryRun ? t('preview.title') : t('result.title')}>
          {counts.map(([label, value]) => (
            <li key={label}>
              <Card className={styles.count}>
                <Caption1>{label}</Caption1>
                <Text
                  className={styles.figure}
                  data-testid={`count-${counts.findIndex((c) => c[0] === label)}`}
                >
                  {value.toLocaleString()}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
        {result.unmatched.length > 0 && (
          <section className={styles.section}>
            <Subtitle2 as="h2">{t('unmatched.title')}</Subtitle2>
            {showing('unmatched.showing', result.unmatched.length, result.unmatchedCount)}
            <AppTable
              label={t('unmatched.title')}
              rows={result.unmatched}
              columns={unmatchedColumns}
              rowKey={(r) => String(r.row)}
              size="small"
              maxHeight="320px"
              focusableFrame
            />
          </section>
        )}
        {result.errors.length > 0 && (
          <section className={styles.section}>
            <Subtitle2 as="h2">{t('errorsTable.title')}</Subtitle2>
            {showing('errorsTable.showing', result.errors.length, result.errorCount)}
            <AppTable
              label={t('errorsTable.title')}
              rows={result.errors}
              columns={errorColumns}
              rowKey={(r) => `${r.row}:${r.code}`}
              size="small"
              maxHeight="320px"
              focusableFrame
            />
          </section>
        )}
      </>
    );
  };

  const progressView = (progress: ImportProgress | null, dryRun: boolean) => {
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
  };

  return (
    <div className={styles.page}>
      <Body1>{t('intro')}</Body1>
      <Field label={t('source.label')}>
        <RadioGroup
          layout="horizontal"
          value={source}
          disabled={importing}
          onChange={(_e, data) => {
            const next: ImportSource = data.value === 'shopify' ? 'shopify' : 'amazon';
            setSource(next);
            if (file) void run(file, next, true);
          }}
        >
          <Radio value="amazon" label={t('source.amazon')} />
          <Radio value="shopify" label={t('source.shopify')} />
        </RadioGroup>
      </Field>

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
          {file ? t('file.chosen', { name: file.name, size: (file.size / 1024).toFixed(1) }) : t('file.drop')}
        </Body1>
        <input
          ref={input}
          className={styles.hiddenInput}
          type="file"
          accept={
            source === 'shopify' ? '.csv,text/csv' : '.txt,.tsv,.csv,text/plain,text/tab-separated-values'
          }
          aria-label={t('file.choose')}
          data-testid="file-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<ArrowUploadRegular />} disabled={importing} onClick={() => input.current?.click()}>
          {file ? t('file.change') : t('file.choose')}
        </Button>
      </div>

      {step.kind === 'idle' && <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>}
      {step.kind === 'running' && progressView(step.progress, step.dryRun)}
      {step.kind === 'failed' && (
        <ErrorState
          error={step.error}
          onRetry={file ? () => void run(file, source, step.dryRun) : undefined}
        />
      )}
      {step.kind === 'preview' && (
        <>
          <Subtitle2 as="h2">{t('preview.title')}</Subtitle2>
          {summary(step.result, true)}
          {step.result.created + step.result.updated === 0 && (
            <MessageBar intent="info">
              <MessageBarBody>{t('preview.nothing')}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={!file || step.result.created + step.result.updated === 0}
              onClick={() => file && void run(file, source, false)}
            >
              {t('actions.import')}
            </Button>
          </div>
        </>
      )}
      {step.kind === 'done' && (
        <>
          <MessageBar intent="success">
            <MessageBarBody>{t('result.done')}</MessageBarBody>
          </MessageBar>
          <Subtitle2 as="h2">{t('result.title')}</Subtitle2>
          {summary(step.result, false)}
          <div className={styles.actions}>
            <Button
              onClick={() => {
                setFile(null);
                setStep({ kind: 'idle' });
              }}
            >
              {t('actions.another')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
