/** Pieces both request screens show: the status of a request, its dates and its yen amounts. */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Issue } from '#shared/schemas/misc';
import { languageAtom } from '../../i18n/language.atoms';

const useStyles = makeStyles({
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
});

/** Dates read YYYY-MM-DD; the time helps tell same-day requests apart. */
export const requestedOn = (iso: string) => DateTime.fromISO(iso).toFormat('yyyy-MM-dd HH:mm');

const yenFormats = {
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY', currencyDisplay: 'narrowSymbol' }),
  ja: new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY', currencyDisplay: 'narrowSymbol' }),
};

/** "¥4,800": staff in both languages read yen by its sign, not as "JP¥". */
export function useYen() {
  const language = useAtomValue(languageAtom);
  return useCallback((amount: number) => yenFormats[language].format(amount), [language]);
}

export function IssueStatus({ issue }: { issue: Issue }) {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  if (!issue.resolved) {
    return (
      <Badge appearance="tint" color="warning">
        {t('status.unresolved')}
      </Badge>
    );
  }
  return (
    <div className={styles.status}>
      <Badge appearance="tint" color="success">
        {t('status.resolved')}
      </Badge>
      {issue.resolvedAt && (
        <span className={styles.muted}>
          {t('status.resolvedBy', {
            name: issue.resolvedBy?.fullname ?? t('unknownUser'),
            date: requestedOn(issue.resolvedAt),
          })}
        </span>
      )}
    </div>
  );
}
