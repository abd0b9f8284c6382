/**
 * /issues: the product requests (SPEC §4, §7 issues): filter resolved / unresolved / all,
 * sort, paging; an admin marks a request resolved or turns it into a new product.
 * Filter, sort and page live in the URL so a reload or a shared link shows the same list.
 */
import {
  Body1,
  Button,
  Card,
  Dropdown,
  Label,
  Link,
  makeStyles,
  Option,
  SearchBox,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TabList,
  tokens,
} from '@fluentui/react-components';
import {
  BoxArrowUpRegular,
  CheckmarkCircleRegular,
  ClipboardErrorRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pageCount } from '#shared/query';
import type { Issue } from '#shared/schemas/misc';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { useErrorText } from '../../app/use-error-text';
import { platform } from '../../platform/platform';
import { useCurrentUser } from '../auth/current-user';
import { IssueStatus, requestedOn, useYen } from './issue-parts';
import { fetchIssues, issueKeys, resolveIssue } from './issues.api';
import { ConfirmDialog } from '../../app/confirm-dialog';
import { Pager } from '../../app/pager';

const PAGE_SIZE = 25;

const FILTERS = ['unresolved', 'resolved', 'all'] as const;
type ResolvedFilter = (typeof FILTERS)[number];
const RESOLVED_PARAM: Record<ResolvedFilter, boolean | undefined> = {
  unresolved: false,
  resolved: true,
  all: undefined,
};

const SORTS = { newest: '-createdAt', oldest: 'createdAt', titleAsc: 'title', titleDesc: '-title' } as const;
type SortChoice = keyof typeof SORTS;

const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => c === value) ?? fallback;

/** What the products form (/products/new) reads from the navigation state. */
export interface ProductFromRequest {
  prefill: { name: string; purchasePrice?: number };
  fromIssueId: string;
}

const useStyles = makeStyles({
  card: { padding: 0, gap: 0 },
  toolbar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalL,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  controls: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { width: '280px', maxWidth: '100%' },
  sortGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sort: { minWidth: '180px' },
  tableWrap: { overflowX: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  number: { whiteSpace: 'nowrap' },
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
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

const isWebLink = (link: string | null): link is string => !!link && /^https?:\/\//i.test(link);

export default function IssuesPage() {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const notify = useNotify();
  const errorText = useErrorText();
  const yen = useYen();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Issue | null>(null);
  const searchStr = useDebouncedValue(search.trim());
  const sortId = useId();

  const filter = oneOf(FILTERS, searchParams.get('resolved'), 'unresolved');
  const sort = oneOf(Object.keys(SORTS) as SortChoice[], searchParams.get('sort'), 'newest');
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const setView = (next: { resolved?: ResolvedFilter; sort?: SortChoice; page?: number }) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.resolved) params.set('resolved', next.resolved);
        if (next.sort) params.set('sort', next.sort);
        params.set('page', String(next.page ?? 1));
        return params;
      },
      { replace: true },
    );

  const params = {
    page,
    limit: PAGE_SIZE,
    sort: SORTS[sort],
    filters: { resolved: RESOLVED_PARAM[filter] },
    extras: { searchStr },
  };
  const issues = useQuery({
    queryKey: issueKeys.list(params),
    queryFn: () => fetchIssues(params),
    placeholderData: keepPreviousData,
  });
  const resolve = useMutation({
    mutationFn: (issue: Issue) => resolveIssue(issue._id),
    onSuccess: (issue) => {
      notify.success(t('toasts.resolved', { title: issue.title }));
      setPending(null);
      return queryClient.invalidateQueries({ queryKey: issueKeys.all });
    },
    onError: (error) => {
      notify.error(errorText(error));
      setPending(null);
    },
  });

  const createProduct = (issue: Issue) => {
    const state: ProductFromRequest = {
      prefill: { name: issue.title, purchasePrice: issue.expectedPrice ?? undefined },
      fromIssueId: issue._id,
    };
    void navigate('/products/new', { state });
  };

  const pages = pageCount(issues.data?.totalCount ?? 0, PAGE_SIZE);
  const emptyTitle = searchStr
    ? t('list.emptySearch')
    : filter === 'unresolved'
      ? t('list.emptyUnresolved')
      : t('list.empty');

  return (
    <Card className={styles.card}>
      <div className={styles.toolbar}>
        <div className={styles.controls}>
          <TabList
            aria-label={t('list.filter')}
            selectedValue={filter}
            onTabSelect={(_e, data) => setView({ resolved: data.value as ResolvedFilter, sort })}
          >
            {FILTERS.map((f) => (
              <Tab key={f} value={f}>
                {t(`list.filters.${f}`)}
              </Tab>
            ))}
          </TabList>
        </div>
        <div className={styles.controls}>
          <SearchBox
            className={styles.search}
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            value={search}
            onChange={(_e, data) => {
              setSearch(data.value);
              setView({ resolved: filter, sort });
            }}
          />
          <div className={styles.sortGroup}>
            <Label htmlFor={sortId}>{t('list.sort')}</Label>
            <Dropdown
              id={sortId}
              className={styles.sort}
              value={t(`list.sorts.${sort}`)}
              selectedOptions={[sort]}
              onOptionSelect={(_e, data) =>
                setView({ resolved: filter, sort: data.optionValue as SortChoice })
              }
            >
              {(Object.keys(SORTS) as SortChoice[]).map((s) => (
                <Option key={s} value={s}>
                  {t(`list.sorts.${s}`)}
                </Option>
              ))}
            </Dropdown>
          </div>
        </div>
      </div>
      {issues.isPending ? (
        <LoadingState />
      ) : issues.isError ? (
        <ErrorState error={issues.error} onRetry={() => void issues.refetch()} />
      ) : issues.data.data.length === 0 ? (
        <EmptyState icon={<ClipboardErrorRegular />} title={emptyTitle} />
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} aria-label={t('title')} aria-busy={issues.isFetching}>
            <TableHeader>
              <TableRow className={styles.nowrap}>
                <TableHeaderCell>{t('columns.title')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.expectedPrice')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.quantity')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.note')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.requested')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.status')}</TableHeaderCell>
                {isAdmin && <TableHeaderCell>{t('columns.actions')}</TableHeaderCell>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {issues.data.data.map((issue) => (
                <TableRow key={issue._id}>
                  <TableCell className={styles.titleCell}>
                    {isWebLink(issue.link) ? (
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
                    )}
                  </TableCell>
                  <TableCell className={styles.number}>
                    {issue.expectedPrice !== null ? yen(issue.expectedPrice) : '—'}
                  </TableCell>
                  <TableCell className={styles.number}>{issue.quantity ?? '—'}</TableCell>
                  <TableCell>
                    <span className={styles.note}>{issue.note ?? ''}</span>
                  </TableCell>
                  <TableCell>
                    <div className={styles.who}>
                      <span>{issue.createdBy?.fullname ?? t('unknownUser')}</span>
                      <span className={styles.muted}>{requestedOn(issue.createdAt)}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <IssueStatus issue={issue} />
                  </TableCell>
                  {isAdmin && (
                    <TableCell>
                      {!issue.resolved && (
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
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {issues.data && (
        <div className={styles.pager}>
          <Body1 className={styles.muted}>
            {t('common:paging.total', { total: issues.data.totalCount })}
          </Body1>
          {pages > 1 && (
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => setView({ resolved: filter, sort, page: next })}
            />
          )}
        </div>
      )}
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
    </Card>
  );
}
