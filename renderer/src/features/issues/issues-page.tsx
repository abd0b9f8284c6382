/**
 * /issues: the product requests: filter resolved / unresolved / all, search, sort, paging; an
 * admin marks a request resolved or turns it into a new product. The list's state lives in
 * the URL, so a reload or a shared link shows the same list.
 */
import { makeStyles } from '@fluentui/react-components';
import { ClipboardErrorRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { issuesListSpec } from '#shared/list-specs';
import type { Issue } from '#shared/schemas/misc';
import { invalidate, queryKeys } from '../../api/query-keys';
import { useConfirmAction } from '../../ui/confirm-action';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import type { ListFilter } from '../../ui/list-screen/list-state';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useCurrentUser } from '../auth/current-user';
import { FILTERS, IssueFilters, useIssueColumns, type ResolvedFilter } from './issues-page-parts';
import { fetchIssues, resolveIssue } from './issues.api';

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

/** What the products form (/products/new) reads from the navigation state. */
export interface ProductFromRequest {
  prefill: { name: string; purchasePrice?: number };
  fromIssueId: string;
}

const useStyles = makeStyles({
  search: { width: '280px' },
  // Columns take the width their content needs; a fixed grid squeezes names and dates.
  table: { tableLayout: 'auto' },
});

export default function IssuesPage() {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const navigate = useNavigate();
  const list = useListScreen({
    spec: issuesListSpec,
    searchParam: 'searchStr',
    filters: { resolved: resolvedFilter },
    queryKey: queryKeys.issues.list,
    fetch: fetchIssues,
  });
  const filter = list.state.filters.resolved as ResolvedFilter;

  const resolve = useAppMutation({
    mutationFn: (issue: Issue) => resolveIssue(issue._id),
    success: (issue) => t('toasts.resolved', { title: issue.title }),
    invalidate: invalidate.issues,
  });
  // Final (a resolved request is never reopened): asked first, the safe answer focused.
  const confirm = useConfirmAction();
  const askResolve = (issue: Issue) =>
    confirm.ask({
      title: t('confirm.title'),
      body: t('confirm.body', { title: issue.title }),
      confirmLabel: t('confirm.submit'),
      keepLabel: t('confirm.keep'),
      onConfirm: () => resolve.mutate(issue),
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

  const columns = useIssueColumns({ isAdmin, onResolve: askResolve, onCreateProduct: createProduct });

  return (
    <ListScaffold
      list={list}
      label={t('title')}
      search={{ label: t('list.search'), className: styles.search }}
      filters={<IssueFilters list={list} />}
      empty={{ icon: <ClipboardErrorRegular />, title: emptyTitle }}
      columns={columns}
      tableClassName={styles.table}
    >
      {confirm.dialog}
    </ListScaffold>
  );
}
