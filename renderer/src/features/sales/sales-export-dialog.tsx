/**
 * Download CSV: a date range and a platform (prefilled from the screen), then
 * `sales-management.csv` through the platform module, as the products export does: in the
 * desktop app main streams the API's bytes to the file the native save dialog names; in a
 * browser it is a download. Either way the bytes are never decoded (the BOM stays).
 */
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { platform as desktop } from '../../platform/platform';
import { AppDialog } from '../../ui/app-dialog';
import { DateField } from '../../ui/date-field';
import { ExportProgress } from '../../ui/export-progress';
import { useNotify } from '../../ui/notify';
import { PlatformFilter } from '../../ui/platform-filter';
import { useErrorText } from '../../ui/use-error-text';
import { countSales, isPlatform, salesCsvPath, type ReportQuery } from './sales.api';

export const SALES_CSV_NAME = 'sales-management.csv';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ANY = '';

const useStyles = makeStyles({
  surface: { maxWidth: '480px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  dates: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  date: { width: '150px', '& .fui-Input': { width: '100%', minWidth: 0 } },
});

export function SalesExportDialog({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  /** The screen's period and platform. */
  initial: ReportQuery;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('salesmanagement');
  const notify = useNotify();
  const errorText = useErrorText();
  const [from, setFrom] = useState<string | null>(initial.from ?? null);
  const [to, setTo] = useState<string | null>(initial.to ?? null);
  const [platformCode, setPlatformCode] = useState<string>(initial.platformCode ?? ANY);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fromWrong = from !== null && !DATE.test(from);
  const toWrong = to !== null && !DATE.test(to);
  const backwards = !fromWrong && !toWrong && from !== null && to !== null && from > to;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (fromWrong || toWrong || backwards) return;
    const query: ReportQuery = {
      from: from ?? undefined,
      to: to ?? undefined,
      platformCode: isPlatform(platformCode) ? platformCode : undefined,
    };
    setBusy(true);
    try {
      // The desktop app's save says only that it failed: ask first whether there is anything.
      if ((await countSales(query)) === 0) {
        setProblem(t('errors:listEmpty'));
        return;
      }
      const result = await desktop.saveCsv({ defaultName: SALES_CSV_NAME, path: salesCsvPath(query) });
      if (result.saved) {
        notify.success(t('export.saved'));
        onClose();
      } else if (result.canceled) notify.info(t('common:export.canceled'));
    } catch (error) {
      setProblem(error instanceof ApiError ? errorText(error) : t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('export.title')}
      onClose={onClose}
      className={styles.surface}
      busy={busy}
      onSubmit={(e) => void onSubmit(e)}
      primary={{ label: t('export.download'), icon: <ArrowDownloadRegular /> }}
    >
      <div className={styles.form}>
        <div className={styles.dates}>
          <DateField
            className={styles.date}
            label={t('filters.from')}
            value={from}
            onChange={setFrom}
            validationMessage={fromWrong ? t('errors:invalidDate') : undefined}
          />
          <DateField
            className={styles.date}
            label={t('filters.to')}
            value={to}
            onChange={setTo}
            validationMessage={
              toWrong ? t('errors:invalidDate') : backwards ? t('export.backwards') : undefined
            }
          />
        </div>
        <PlatformFilter
          label={t('filters.platform')}
          allLabel={t('filters.allPlatforms')}
          value={platformCode}
          onChange={setPlatformCode}
        />
        <ExportProgress active={busy} />
        {problem && (
          <MessageBar intent="warning" role="alert" data-testid="export-problem">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </AppDialog>
  );
}
