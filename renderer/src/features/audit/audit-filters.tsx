/**
 * The history's filters, one bar for the history screen and the side panel's audit tab: whose
 * changes and which kind of record; and, where the list has them (the history screen), a date
 * range of the business's calendar and the one record chosen (a product form's History button
 * opens that product's). Each lives in its list's state: the screen's URL, the panel's memory.
 */
import { Button, Field, Option } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/schemas/misc';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers } from '../../api/users.api';
import { dayEndUtc, dayStartUtc } from '../../ui/date-display';
import { dateRangeOf } from '../../ui/date-range';
import { DateRangeFilter } from '../../ui/date-range-filter';
import type { ListFilter } from '../../ui/list-screen/list-state';
import type { ListScreen } from '../../ui/list-screen/use-list-screen';
import { AUDIT_KINDS } from './audit-fields';
import { Dropdown } from '../../ui/labelled-controls';

const ALL = '';

const text = (apiField: string): ListFilter => ({
  default: ALL,
  toFilters: (value) => ({ [apiField]: value || undefined }),
});

/** Whose changes, and which kind of record: the panel's filters. */
export const AUDIT_PANEL_FILTERS = {
  userId: text('userId'),
  entity: { ...text('entity'), choices: [ALL, ...AUDIT_KINDS] },
};

/** The history screen's: the panel's, one record, and a range of the business's days. */
export const auditScreenFilters = (timeZone: string) => ({
  ...AUDIT_PANEL_FILTERS,
  entityId: text('entityId'),
  when: {
    default: ALL,
    toFilters: (value: string) => {
      const { from, to } = dateRangeOf(value);
      const gte = from ? dayStartUtc(from, timeZone) : null;
      const lt = to ? dayEndUtc(to, timeZone) : null;
      if (!gte && !lt) return { at: undefined };
      return { at: { ...(gte ? { gte } : {}), ...(lt ? { lt } : {}) } };
    },
  } satisfies ListFilter,
});

export function AuditFilters({
  list,
  personLabel,
  fieldClassName,
}: {
  list: ListScreen<AuditEntry>;
  personLabel: string;
  fieldClassName?: string;
}) {
  const { t } = useTranslation('shell');
  const userParams = { page: 1, limit: 100 };
  const users = useQuery({
    queryKey: queryKeys.users.list(userParams),
    queryFn: () => fetchUsers(userParams),
  });
  const filters = list.state.filters;
  const { userId = ALL, entity = ALL, entityId = ALL } = filters;
  const byRecord = 'entityId' in filters;
  const selectedUser = users.data?.data.find((u) => u._id === userId);
  const kindLabel = (kind: string) => (kind ? t(`audit.kindLabels.${kind}`) : t('audit.screen.allKinds'));
  // Another kind of record cannot hold the one record chosen before: both change in one step.
  const chooseKind = (kind: string) =>
    byRecord ? list.setFilters({ entity: kind, entityId: ALL }) : list.setFilter('entity', kind);
  const recordName = list.rows.find((row) => row.entityId === entityId)?.entityName ?? entityId;

  return (
    <>
      <Field className={fieldClassName} label={personLabel}>
        <Dropdown
          value={selectedUser?.fullname ?? t('audit.allUsers')}
          selectedOptions={[userId]}
          onOptionSelect={(_e, data) => list.setFilter('userId', data.optionValue ?? ALL)}
        >
          <Option value={ALL}>{t('audit.allUsers')}</Option>
          {(users.data?.data ?? []).map((u) => (
            <Option key={u._id} value={u._id}>
              {u.fullname}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field className={fieldClassName} label={t('audit.screen.kind')}>
        <Dropdown
          value={kindLabel(entity)}
          selectedOptions={[entity]}
          onOptionSelect={(_e, data) => chooseKind(data.optionValue ?? ALL)}
        >
          {[ALL, ...AUDIT_KINDS].map((kind) => (
            <Option key={kind || 'all'} value={kind}>
              {kindLabel(kind)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {'when' in filters && (
        <DateRangeFilter
          fromLabel={t('audit.screen.from')}
          toLabel={t('audit.screen.to')}
          value={filters.when ?? ALL}
          onChange={(value) => list.setFilter('when', value)}
        />
      )}
      {entityId && (
        <Button
          icon={<DismissRegular />}
          iconPosition="after"
          title={t('audit.screen.allRecords')}
          onClick={() => list.setFilter('entityId', ALL)}
        >
          {t('audit.screen.record', { name: recordName })}
        </Button>
      )}
    </>
  );
}
