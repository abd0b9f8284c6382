/**
 * One audit entry as the sentence a person reads (who changed which record, when, each field's
 * old and new value); shared by the history screen and the slide-out panel's audit tab.
 */
import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/schemas/misc';
import { languageAtom } from '../../i18n/language.atoms';
import { useDateDisplay } from '../../ui/use-date-display';
import { auditSentence, type AuditSentence } from './audit-sentence';

const useStyles = makeStyles({
  headline: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  changes: {
    listStyle: 'none',
    margin: `${tokens.spacingVerticalXXS} 0 0`,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  change: { overflowWrap: 'anywhere' },
  label: { color: tokens.colorNeutralForeground2 },
  before: { color: tokens.colorPaletteRedForeground1, textDecoration: 'line-through' },
  after: { color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  entries: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  entry: {
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  compact: { padding: tokens.spacingHorizontalS, gap: tokens.spacingVerticalXXS },
});

export const ACTION_COLOR = { create: 'success', update: 'informative', delete: 'danger' } as const;

/** The sentences of a page of entries, in the user's language and date format. */
export function useAuditSentences(entries: readonly AuditEntry[]): Map<string, AuditSentence> {
  const { t } = useTranslation('shell');
  const language = useAtomValue(languageAtom);
  const display = useDateDisplay();
  return useMemo(
    () =>
      new Map(
        entries.map((entry) => [
          entry._id,
          auditSentence(entry, { t, language, dateFormat: display.dateFormat, timeZone: display.timeZone }),
        ]),
      ),
    [entries, t, language, display.dateFormat, display.timeZone],
  );
}

/** The headline and the list of changed fields ("Purchase price (JPY): ¥120 → ¥150"). */
export function AuditSentenceView({ entry, sentence }: { entry: AuditEntry; sentence: AuditSentence }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <div>
      <div className={styles.headline}>
        <Badge appearance="tint" size="small" color={ACTION_COLOR[entry.action]}>
          {t(`audit.actions.${entry.action}`)}
        </Badge>{' '}
        {sentence.headline}
      </div>
      {sentence.changes.length > 0 && (
        <ul className={styles.changes}>
          {sentence.changes.map((change) => (
            <li key={change.field} className={styles.change}>
              <span className={styles.label}>{change.label}</span>
              {t('audit.separator')}
              {change.before !== undefined ? (
                <>
                  <span className={styles.before}>{change.before}</span> →{' '}
                  <span className={styles.after}>{change.after}</span>
                </>
              ) : (
                change.after
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** When, in the business's zone and the user's format, with the exact instant for machines. */
export function AuditWhen({ entry, sentence }: { entry: AuditEntry; sentence: AuditSentence }) {
  const styles = useStyles();
  return (
    <Caption1 className={styles.muted}>
      <time dateTime={entry.at}>{sentence.when}</time>
    </Caption1>
  );
}

/** Audit entries as a list of sentences with their time: the side panel's and a record's drawer. */
export function AuditEntries({
  entries,
  label,
  busy,
  compact,
}: {
  entries: readonly AuditEntry[];
  label?: string;
  busy?: boolean;
  /** Tighter boxes, for a drawer. */
  compact?: boolean;
}) {
  const styles = useStyles();
  const sentences = useAuditSentences(entries);
  return (
    <ul className={styles.entries} aria-label={label} aria-busy={busy}>
      {entries.map((entry) => {
        const sentence = sentences.get(entry._id);
        return (
          sentence && (
            <li key={entry._id} className={compact ? `${styles.entry} ${styles.compact}` : styles.entry}>
              <AuditSentenceView entry={entry} sentence={sentence} />
              <AuditWhen entry={entry} sentence={sentence} />
            </li>
          )
        );
      })}
    </ul>
  );
}
