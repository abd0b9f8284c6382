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
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle2,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSource, OrderImportResult } from '#shared/schemas/order-import';
import { ApiError } from '../../api/http';
import { useNotify } from '../../ui/notify';
import { EmptyState, ErrorState } from '../../ui/page-state';
import { useErrorText } from '../../ui/use-error-text';
import { previewNotice } from './import-outcome';
import { importOrderReport, type ImportProgress } from './order-import.api';
import {
  ImportProgressView,
  ImportSummary,
  REPORT_ACCEPT,
  ReportDropZone,
  useStyles,
} from './order-import-parts';
import { useOffline } from '../../ui/use-offline';

type Step =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: ImportProgress | null }
  | { kind: 'preview'; result: OrderImportResult }
  | { kind: 'done'; result: OrderImportResult }
  | { kind: 'failed'; dryRun: boolean; error: unknown };

/**
 * The screen's runs: a preview of each file or source chosen, an import on request. While an
 * import writes, the file and source stay as they are; a preview only reads, and a newer choice
 * (another file, the other source) supersedes one still running.
 */
function useImportRuns() {
  const { t } = useTranslation('orderimport');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
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
  return { step, run, reset: () => setStep({ kind: 'idle' }) };
}

export default function OrderImportPage() {
  const { writeProps } = useOffline();
  const styles = useStyles();
  const { t } = useTranslation('orderimport');
  const [source, setSource] = useState<ImportSource>('amazon');
  const [file, setFile] = useState<File | null>(null);
  const { step, run, reset } = useImportRuns();
  const importing = step.kind === 'running' && !step.dryRun;

  const choose = (chosen: File | undefined) => {
    if (!chosen || importing) return;
    setFile(chosen);
    void run(chosen, source, true);
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
      <ReportDropZone file={file} accept={REPORT_ACCEPT[source]} disabled={importing} onChoose={choose} />

      {step.kind === 'idle' && <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>}
      {step.kind === 'running' && <ImportProgressView progress={step.progress} dryRun={step.dryRun} />}
      {step.kind === 'failed' &&
        (isRefusedFile(step.error) ? (
          <RefusedFile error={step.error} />
        ) : (
          <ErrorState
            error={step.error}
            onRetry={file ? () => void run(file, source, step.dryRun) : undefined}
          />
        ))}
      {step.kind === 'preview' && (
        <>
          <Subtitle2 as="h2">{t('preview.title')}</Subtitle2>
          <ImportSummary result={step.result} dryRun />
          <PreviewNotice result={step.result} />
          <div className={styles.actions}>
            <Button
              appearance="primary"
              {...writeProps({ disabled: !file || step.result.created + step.result.updated === 0 })}
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
          <ImportSummary result={step.result} dryRun={false} />
          <div className={styles.actions}>
            <Button
              onClick={() => {
                setFile(null);
                reset();
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

/** Why importing would write nothing, when it would not. */
function PreviewNotice({ result }: { result: OrderImportResult }) {
  const { t } = useTranslation('orderimport');
  const notice = previewNotice(result);
  if (!notice) return null;
  return (
    <MessageBar intent={notice === 'noLines' ? 'warning' : 'info'}>
      <MessageBarBody>{t(notice === 'noLines' ? 'preview.noLines' : 'preview.nothing')}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * The server refused the file itself (empty, the other platform's report, no report at all, too
 * large): its message says which file to choose, so the screen says that alone. Asking again with
 * the same file cannot help, unlike a failure of the connection.
 */
const isRefusedFile = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

function RefusedFile({ error }: { error: ApiError }) {
  const errorText = useErrorText();
  return (
    <MessageBar intent="error" layout="multiline" data-testid="refused-file">
      <MessageBarBody>{errorText(error)}</MessageBarBody>
    </MessageBar>
  );
}
