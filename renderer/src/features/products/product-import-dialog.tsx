/**
 * Import CSV (admin): the products CSV, edited in a spreadsheet, back in. Choosing a file runs a
 * dry run at once, which says what the import would do (new, updated, unchanged), lists the
 * rejected rows by problem (row, SKU, field, message in the user's language) and the columns not
 * imported (stock moves only through stock adjustments). A file with a rejected row imports
 * nothing, so Import waits for a file without any; it asks before it writes, then says what it
 * did and refreshes the product lists. Focus goes back to "Import CSV" when the dialog closes.
 */
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductImportResult } from '#shared/schemas/product-import';
import { invalidate } from '../../api/query-keys';
import { translateError, type Translate } from '../../i18n/error-message';
import { AppDialog } from '../../ui/app-dialog';
import { AppTable, type TableColumn } from '../../ui/app-table';
import { useConfirmAction } from '../../ui/confirm-action';
import { useNotify } from '../../ui/notify';
import { EmptyState, ErrorState } from '../../ui/page-state';
import { useOffline } from '../../ui/use-offline';
import { ReportDropZone } from '../order-import/order-import-parts';
import { importOutlook, rejectedLines, type RejectedLine } from './product-import';
import { importProductsCsv } from './product-import.api';

const useStyles = makeStyles({
  surface: { width: '880px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  counts: { fontWeight: tokens.fontWeightSemibold },
});

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'preview'; result: ProductImportResult }
  | { kind: 'importing'; result: ProductImportResult }
  | { kind: 'failed'; error: unknown };

/** The Products toolbar's "Import CSV" and its dialog. */
export function ImportProductsButton() {
  const { t } = useTranslation('product');
  const { writeProps } = useOffline();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ArrowUploadRegular />} {...writeProps()} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {open && <ProductImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ProductImportDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { writeProps } = useOffline();
  const confirm = useConfirmAction();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // A newer file supersedes a dry run still under way.
  const runs = useRef(0);

  const check = async (chosen: File) => {
    const id = ++runs.current;
    setStep({ kind: 'checking' });
    try {
      const result = await importProductsCsv(chosen, true);
      if (runs.current === id) setStep({ kind: 'preview', result });
    } catch (error) {
      if (runs.current === id) setStep({ kind: 'failed', error });
    }
  };

  const runImport = async (chosen: File, preview: ProductImportResult) => {
    setStep({ kind: 'importing', result: preview });
    try {
      const result = await importProductsCsv(chosen, false);
      // The file changed meanwhile in the database's eyes (another import): show what it says now.
      if (result.rejected.length > 0) {
        setStep({ kind: 'preview', result });
        return;
      }
      notify.success(t('import.done', { created: result.created, updated: result.updated }));
      await invalidate.products(queryClient);
      onClose();
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen || step.kind === 'importing') return;
    setFile(chosen);
    void check(chosen);
  };

  const preview = step.kind === 'preview' ? step.result : null;
  const ready = preview !== null && importOutlook(preview) === 'ready';
  const askImport = () => {
    if (!file || !preview) return;
    confirm.ask({
      title: t('import.confirm.title'),
      body: t('import.confirm.body', { created: preview.created, updated: preview.updated }),
      confirmLabel: t('import.confirm.yes'),
      keepLabel: t('import.confirm.no'),
      onConfirm: () => void runImport(file, preview),
    });
  };

  return (
    <AppDialog
      open
      title={t('import.title')}
      className={styles.surface}
      onClose={onClose}
      busy={step.kind === 'importing'}
      closeLabel={t('common:actions.close')}
      primary={{
        label: t('import.import'),
        icon: <ArrowUploadRegular />,
        onClick: askImport,
        ...writeProps({ disabled: !ready }),
      }}
    >
      <div className={styles.body}>
        <Body1>{t('import.intro')}</Body1>
        <ReportDropZone
          file={file}
          accept=".csv,text/csv"
          dropText={t('import.drop')}
          disabled={step.kind === 'importing'}
          onChoose={choose}
        />
        {step.kind === 'checking' && <Spinner size="small" label={t('import.checking')} />}
        {step.kind === 'importing' && <Spinner size="small" label={t('import.importing')} />}
        {step.kind === 'failed' && (
          <ErrorState error={step.error} onRetry={file ? () => void check(file) : undefined} />
        )}
        {preview && <ImportPreview result={preview} />}
      </div>
      {confirm.dialog}
    </AppDialog>
  );
}

/** What the dry run found: the counts, why Import waits (if it does), the ignored columns, the rejected rows. */
function ImportPreview({ result }: { result: ProductImportResult }) {
  const styles = useStyles();
  const { t } = useTranslation('product');
  const { t: tForm } = useTranslation('addproduct');
  const { t: tErrors } = useTranslation('errors');
  const outlook = importOutlook(result);
  if (outlook === 'empty') {
    return (
      <EmptyState icon={<DocumentTableRegular />} title={t('import.empty.title')}>
        {t('import.empty.body')}
      </EmptyState>
    );
  }
  const columns: TableColumn<RejectedLine>[] = [
    { key: 'row', header: t('import.table.row'), numeric: true, cell: (l) => l.row },
    { key: 'sku', header: t('import.table.sku'), cell: (l) => l.sku || '—' },
    {
      key: 'field',
      header: t('import.table.field'),
      cell: (l) => (l.fieldLabel ? tForm(l.fieldLabel) : '—'),
    },
    {
      key: 'message',
      header: t('import.table.message'),
      cell: (l) => translateError(tErrors as unknown as Translate, l.message),
    },
  ];
  return (
    <>
      <Body1 className={styles.counts} data-testid="import-counts" role="status">
        {t('import.counts', {
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
        })}
      </Body1>
      {outlook === 'rejected' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('import.rejected', { count: result.rejected.length })}</MessageBarBody>
        </MessageBar>
      )}
      {outlook === 'nothingToDo' && (
        <MessageBar intent="info">
          <MessageBarBody>{t('import.nothingToDo')}</MessageBarBody>
        </MessageBar>
      )}
      {result.ignoredColumns.length > 0 && (
        <MessageBar intent="info" layout="multiline" data-testid="ignored-columns">
          <MessageBarBody>
            {t('import.ignored', { columns: result.ignoredColumns.join(', ') })}
          </MessageBarBody>
        </MessageBar>
      )}
      {outlook === 'rejected' && (
        <AppTable
          label={t('import.table.label')}
          rows={rejectedLines(result)}
          columns={columns}
          rowKey={(l) => l.key}
          size="small"
          maxHeight="320px"
          focusableFrame
        />
      )}
    </>
  );
}
