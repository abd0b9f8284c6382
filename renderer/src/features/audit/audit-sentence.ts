/**
 * One audit entry as a person reads it: who did what to which record, when, and each change
 * with its old and new value, in the user's language.
 */
import type { TFunction } from 'i18next';
import type { AuditEntry } from '#shared/schemas/misc';
import { formatDateTime, type DateDisplay } from '../../ui/date-display';
import { auditDiff } from './audit-diff';
import { fieldLabel, formatFieldValue, isShownField, type FormatContext } from './audit-fields';

export interface AuditChange {
  field: string;
  label: string;
  /** Update: the old value; create and delete: absent. */
  before?: string;
  /** Update: the new value; create: the value set; delete: the value it had. */
  after: string;
  /** The change as one line of text. */
  text: string;
}

export interface AuditSentence {
  /** "Ada Admin changed the product “Jagarico Salad”". */
  headline: string;
  /** Date and time in the business's zone, in the user's date format. */
  when: string;
  changes: AuditChange[];
}

/** Snapshot keys that name a record, for entries older than the stored name. */
const NAME_KEYS = ['name', 'fullname', 'title'];

function recordName(entry: AuditEntry): string | null {
  if (entry.entityName) return entry.entityName;
  for (const snapshot of [entry.after, entry.before]) {
    for (const key of NAME_KEYS) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

export function auditSentence(
  entry: AuditEntry,
  { t, language, ...display }: { t: TFunction; language: string } & DateDisplay,
): AuditSentence {
  const who = entry.user?.fullname ?? t('shell:audit.system');
  const kind = t(`shell:audit.kinds.${entry.entity}`, { defaultValue: entry.entity });
  const name = recordName(entry);
  const headline = name
    ? t(`shell:audit.sentence.${entry.action}`, { who, kind, name })
    : t(`shell:audit.sentence.${entry.action}Unnamed`, { who, kind });

  const changes = auditDiff(entry.before, entry.after)
    .filter((row) => isShownField(row.field))
    .map((row): AuditChange => {
      const label = fieldLabel(t, entry.entity, row.field);
      const ctx = (record: Record<string, unknown> | null): FormatContext => ({
        t,
        language,
        ...display,
        record,
      });
      if (entry.action === 'update') {
        const before = formatFieldValue(entry.entity, row.field, row.before, ctx(entry.before));
        const after = formatFieldValue(entry.entity, row.field, row.after, ctx(entry.after));
        return {
          field: row.field,
          label,
          before,
          after,
          text: t('shell:audit.sentence.change', { field: label, before, after }),
        };
      }
      const record = entry.action === 'delete' ? entry.before : entry.after;
      const value = formatFieldValue(
        entry.entity,
        row.field,
        entry.action === 'delete' ? row.before : row.after,
        ctx(record),
      );
      return {
        field: row.field,
        label,
        after: value,
        text: t('shell:audit.sentence.set', { field: label, value }),
      };
    });

  return { headline, when: formatDateTime(entry.at, display), changes };
}
