/**
 * A CSV export being saved by the desktop app: how many rows are written so far and a Cancel
 * that stops it (main then leaves no file behind). Main streams the file itself and reports
 * its progress as events; a browser's own download shows its progress there, so in a browser
 * this shows nothing.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDesktop, platform } from '../platform/platform';
import { BusySpinner } from './busy-spinner';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** While `active` (an export is being saved), the rows written so far and Cancel. */
export function ExportProgress({ active }: { active: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('common');
  const [rows, setRows] = useState<number | null>(null);
  // A new export starts from nothing (state adjusted while rendering, not in an effect).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setRows(null);
  }
  useEffect(() => {
    if (!active || !isDesktop) return;
    // The header is the file's first record.
    return platform.on('csv:progress', (p) => setRows(Math.max(0, p.rows - 1)));
  }, [active]);
  if (!active || !isDesktop) return null;
  return (
    <div className={styles.row} role="status">
      <BusySpinner />
      <span>
        {rows === null
          ? t('export.starting')
          : t('export.progress', { count: rows, rows: rows.toLocaleString(i18n.language) })}
      </span>
      <Button size="small" icon={<DismissRegular />} onClick={() => void platform.cancelCsv()}>
        {t('export.cancel')}
      </Button>
    </div>
  );
}
