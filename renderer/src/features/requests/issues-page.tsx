/**
 * /issues: the product requests: filter resolved / unresolved / all, search, sort, paging; an
 * admin marks a request resolved or turns it into a new product. The list's state lives in
 * the URL, so a reload or a shared link shows the same list.
 */
import {
  Button,
  Dropdown,
  Label,
  Link,
  makeStyles,
  Option,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import {
  BoxArrowUpRegular,
  CheckmarkCircleRegular,
  ClipboardErrorRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { issuesListSpec } from '#shared/list-specs';
import type { Issue } from '#shared/schemas/misc';
import { invalidate, queryKeys } from '../../api/query-keys';
import { platform } from '../../platform/platform';
import { ConfirmDialog } from '../../ui/app-dialog';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useCurrentUser } from '../auth/current-user';
import { IssueStatus, requestedOn, useYen } from './issue-parts';
import { fetchIssues, resolveIssue } from './issues.api';

const FILTERS = ['unresolved', 'resolved', 'all'] as const;
type ResolvedFilter = (typeof FILTERS)[number];
const RESOLVED_PARAM: Record<ResolvedFilter, boolean | undefined> = {
  unresolved: false,
  resolved: true,
  all: undefined,
};
const resolvedFilter: ListFilter<ResolvedFilter> = {
  choices: FILTERS,
  default: 'unresolved',
  toFilters: (value) => ({ resolved: RESOLVED_PARAM[value] }),
};

/** The orders the sort menu offers, in query syntax; the first is the spec's default. */
const SORTS = { newest: '-createdAt', oldest: 'createdAt', titleAsc: 'title', titleDesc: '-title' } as const;
type SortChoice = keyof typeof SORTS;
const SORT_CHOICES = Object.keys(SORTS) as SortChoice[];

/** What the products form (/products/new) reads from the navigation state. */
export interface ProductFromRequest {
  prefill: { name: string; purchasePrice?: number };
  fromIssueId: string;
}

const useStyles = makeStyles({
  search: { width: '280px' },
  sortGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sort: { minWidth: '180px' },
  nowrap: { whiteSpace: 'nowrap' },
  // Columns take the width their content needs; a fixed grid squeezes names and dates.
  table: { tableLayout: 'auto' },
  note: {
    display: 'block',
    minWidth: '160px',
    maxWidth: '280px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  titleCell: { fontWeight: tokens.fontWeightSemibold, minWidth: '180px', overflowWrap: 'anywhere' },
  linkIcon: { verticalAlign: 'middle', marginLeft: '4px' },
  who: { display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const isWebLink = (link: string | null): link is string => !!link && /^https?:\/\//i.test(link);

export default function IssuesPage() {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const yen = useYen();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Issue | null>(null);
  const sortId = useId();
  const list = useListScreen({
    spec: issuesListSpec,
    searchParam: 'searchStr',
    filters: { resolved: resolvedFilter },
    queryKey: queryKeys.issues.list,
    fetch: fetchIssues,
  });
  const filter = list.state.filters.resolved as ResolvedFilter;
  const sort = SORT_CHOICES.find((choice) => SORTS[choice] === list.state.sort) ?? 'newest';

  const resolve = useAppMutation({
    mutationFn: (issue: Issue) => resolveIssue(issue._id),
    success: (issue) => t('toasts.resolved', { title: issue.title }),
    invalidate: invalidate.issues,
    onSuccess: () => setPending(null),
    onError: () => setPending(null),
  });

  const createProduct = (issue: Issue) => {
    const state: ProductFromRequest = {
      prefill: { name: issue.title, purchasePrice: issue.expectedPrice ?? undefined },
      fromIssueId: issue._id,
    };
    void navigate('/products/new', { state });
  };

  const emptyTitle = list.searching
    ? t('list.emptySearch')
    : filter === 'unresolved'
      ? t('list.emptyUnresolved')
      : t('list.empty');

  const columns: ListColumn<Issue>[] = [
    {
      key: 'title',
      header: t('columns.title'),
      className: styles.titleCell,
      headerClassName: styles.nowrap,
      cell: (issue) =>
        isWebLink(issue.link) ? (
          <Link
            href={issue.link}
            target="_blank"
            rel="noreferrer"
            title={t('openLink')}
            onClick={(event) => {
              // The desktop window never navigates away; the system browser opens it.
              event.preventDefault();
              void platform.openExternal(issue.link as string);
            }}
          >
            {issue.title}
            <OpenRegular className={styles.linkIcon} aria-hidden="true" />
          </Link>
        ) : (
          issue.title
        ),
    },
    {
      key: 'expectedPrice',
      header: t('columns.expectedPrice'),
      className: styles.nowrap,
      cell: (issue) => (issue.expectedPrice !== null ? yen(issue.expectedPrice) : '—'),
    },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      className: styles.nowrap,
      cell: (issue) => issue.quantity ?? '—',
    },
    {
      key: 'note',
      header: t('columns.note'),
      headerClassName: styles.nowrap,
      cell: (issue) => <span className={styles.note}>{issue.note ?? ''}</span>,
    },
    {
      key: 'requested',
      header: t('columns.requested'),
      headerClassName: styles.nowrap,
      cell: (issue) => (
        <div className={styles.who}>
          <span>{issue.createdBy?.fullname ?? t('unknownUser')}</span>
          <span className={styles.muted}>{requestedOn(issue.createdAt)}</span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      headerClassName: styles.nowrap,
      cell: (issue) => <IssueStatus issue={issue} />,
    },
  ];
  if (isAdmin) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      headerClassName: styles.nowrap,
      cell: (issue) =>
        !issue.resolved && (
          <div className={styles.actions}>
            <Button
              size="small"
              className={styles.nowrap}
              icon={<CheckmarkCircleRegular />}
              onClick={() => setPending(issue)}
            >
              {t('actions.resolve')}
            </Button>
            <Button
              size="small"
              appearance="subtle"
              className={styles.nowrap}
              icon={<BoxArrowUpRegular />}
              onClick={() => createProduct(issue)}
            >
              {t('actions.createProduct')}
            </Button>
          </div>
        ),
    });
  }

  return (
    <ListScaffold
      list={list}
      label={t('title')}
      search={{ label: t('list.search'), className: styles.search }}
      filters={
        <>
          <TabList
            aria-label={t('list.filter')}
            selectedValue={filter}
            onTabSelect={(_e, data) => list.setFilter('resolved', data.value as ResolvedFilter)}
          >
            {FILTERS.map((f) => (
              <Tab key={f} value={f}>
                {t(`list.filters.${f}`)}
              </Tab>
            ))}
          </TabList>
          <div className={styles.sortGroup}>
            <Label htmlFor={sortId}>{t('list.sort')}</Label>
            <Dropdown
              id={sortId}
              className={styles.sort}
              value={t(`list.sorts.${sort}`)}
              selectedOptions={[sort]}
              onOptionSelect={(_e, data) => list.setSort(SORTS[data.optionValue as SortChoice])}
            >
              {SORT_CHOICES.map((s) => (
                <Option key={s} value={s}>
                  {t(`list.sorts.${s}`)}
                </Option>
              ))}
            </Dropdown>
          </div>
        </>
      }
      empty={{ icon: <ClipboardErrorRegular />, title: emptyTitle }}
      columns={columns}
      tableClassName={styles.table}
    >
      <ConfirmDialog
        open={pending !== null}
        title={t('confirm.title')}
        confirmLabel={t('confirm.submit')}
        busy={resolve.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && resolve.mutate(pending)}
      >
        {pending && t('confirm.body', { title: pending.title })}
      </ConfirmDialog>
    </ListScaffold>
  );
}
