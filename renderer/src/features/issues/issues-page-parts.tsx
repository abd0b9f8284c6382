/** The parts of the requests list (issues-page.tsx): its columns and its filter and sort bar. */
import { Button, Label, Link, makeStyles, Option, tokens } from '@fluentui/react-components';
import { BoxArrowUpRegular, CheckmarkCircleRegular, OpenRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Issue } from '#shared/schemas/misc';
import { platform } from '../../platform/platform';
import { FilterTabs } from '../../ui/list-screen/filter-tabs';
import type { ListColumn } from '../../ui/list-screen/list-scaffold';
import type { ListScreen } from '../../ui/list-screen/use-list-screen';
import { IssueStatus, requestedOn, useYen } from './issue-parts';
import { Dropdown } from '../../ui/labelled-controls';

export const FILTERS = ['unresolved', 'resolved', 'all'] as const;
export type ResolvedFilter = (typeof FILTERS)[number];

/** The orders the sort menu offers, in query syntax; the first is the list spec's default. */
const SORTS = { newest: '-createdAt', oldest: 'createdAt', titleAsc: 'title', titleDesc: '-title' } as const;
type SortChoice = keyof typeof SORTS;
const SORT_CHOICES = Object.keys(SORTS) as SortChoice[];

const useStyles = makeStyles({
  sortGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sort: { minWidth: '180px' },
  nowrap: { whiteSpace: 'nowrap' },
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
  // One above the other: side by side they pushed the column past a 1280 px window.
  actions: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
  },
});

const isWebLink = (link: string | null): link is string => !!link && /^https?:\/\//i.test(link);

/** Resolved, unresolved or all; and the order of the list. */
export function IssueFilters({ list }: { list: ListScreen<Issue, 'resolved'> }) {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const sortId = useId();
  const sort = SORT_CHOICES.find((choice) => SORTS[choice] === list.state.sort) ?? 'newest';
  return (
    <>
      <FilterTabs
        list={list}
        filter="resolved"
        values={FILTERS}
        label={t('list.filter')}
        text={(f) => t(`list.filters.${f}`)}
      />
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
  );
}

/** The list's columns; an admin's resolve and create-product buttons on unresolved requests. */
export function useIssueColumns({
  isAdmin,
  onResolve,
  onCreateProduct,
}: {
  isAdmin: boolean;
  onResolve: (issue: Issue) => void;
  onCreateProduct: (issue: Issue) => void;
}): ListColumn<Issue>[] {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const yen = useYen();
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
              onClick={() => onResolve(issue)}
            >
              {t('actions.resolve')}
            </Button>
            <Button
              size="small"
              appearance="subtle"
              className={styles.nowrap}
              icon={<BoxArrowUpRegular />}
              onClick={() => onCreateProduct(issue)}
            >
              {t('actions.createProduct')}
            </Button>
          </div>
        ),
    });
  }

  return columns;
}
