/**
 * One audit entry as a person reads it: who did what to which record, when, and each change
 * with its old and new value, in the user's language.
 */
import type { TFunction } from 'i18next';
import type { AuditEntry } from '#shared/schemas/misc';
import { formatDateTime, type DateDisplay } from '../../ui/date-display';
import { auditDiff, type DiffRow } from './audit-diff';
import {
  fieldLabel,
  formatFieldValue,
  hasParts,
  isEventField,
  isShownField,
  preferenceName,
  type FormatContext,
} from './audit-fields';

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

function recordName(entry: AuditEntry, t: TFunction): string | null {
  // Records named by a code: the name a person knows them by.
  if (entry.entity === 'userPreference') return preferenceName(t, entry.entityId);
  if (entry.entity === 'platformFee' && entry.entityName) {
    return t(`common:platforms.${entry.entityName}`, { defaultValue: entry.entityName });
  }
  if (entry.entityName) return entry.entityName;
  for (const snapshot of [entry.after, entry.before]) {
    for (const key of NAME_KEYS) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field made of parts (a customer) as one row per part: on an update the parts that changed,
 * on a create or delete the parts that have a value.
 */
function partRows(row: DiffRow, action: AuditEntry['action']): DiffRow[] {
  const before = asObject(row.before);
  const after = asObject(row.after);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .map((part) => ({ field: `${row.field}.${part}`, before: before[part], after: after[part] }))
    .filter((part) =>
      action === 'update'
        ? JSON.stringify(part.before ?? null) !== JSON.stringify(part.after ?? null) &&
          !(isEmpty(part.before) && isEmpty(part.after))
        : !isEmpty(action === 'delete' ? part.before : part.after),
    );
}

export function auditSentence(
  entry: AuditEntry,
  { t, language, ...display }: { t: TFunction; language: string } & DateDisplay,
): AuditSentence {
  const who = entry.user?.fullname ?? t('shell:audit.system');
  const kind = t(`shell:audit.kinds.${entry.entity}`, { defaultValue: entry.entity });
  const name = recordName(entry, t);
  const headline = name
    ? t(`shell:audit.sentence.${entry.action}`, { who, kind, name })
    : t(`shell:audit.sentence.${entry.action}Unnamed`, { who, kind });

  const changes = auditDiff(entry.before, entry.after)
    .filter((row) => isShownField(row.field, entry.entity))
    .flatMap((row) => (hasParts(entry.entity, row.field) ? partRows(row, entry.action) : [row]))
    .map((row): AuditChange => {
      const label = fieldLabel(t, entry.entity, row.field);
      const ctx = (record: Record<string, unknown> | null): FormatContext => ({
        t,
        language,
        ...display,
        record,
        entityId: entry.entityId,
      });
      if (entry.action === 'update' && !isEventField(entry.entity, row.field)) {
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
      // A create, a delete, or an event recorded with an update (a packing): the value alone.
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
