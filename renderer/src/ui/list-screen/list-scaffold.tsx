/**
 * The frame of every list screen around {@link useListScreen}: a toolbar (search box, the
 * screen's filters, column choice, the screen's actions), the rows as one table component
 * (or the screen's own cards), the loading / empty / error states, and a footer with the
 * total, the page size and the pager. A new list screen is its columns and filters.
 */
import {
  Body1,
  Card,
  Field,
  makeStyles,
  Menu,
  MenuButton,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Option,
  SearchBox,
  tokens,
} from '@fluentui/react-components';
import { ColumnTripleRegular } from '@fluentui/react-icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppTable, type RowTone, type TableColumn } from '../app-table';
import { EmptyState, ErrorState, LoadingState } from '../page-state';
import { Pager } from '../pager';
import { usePreference, useSavePreference } from '../use-preference';
import type { ListScreen } from './use-list-screen';
import { Dropdown } from '../labelled-controls';

const useStyles = makeStyles({
  card: { padding: 0, gap: 0, minWidth: 0 },
  plain: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  cardBar: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  spacer: { flexGrow: 1 },
  search: { width: '320px', maxWidth: '100%' },
  searchField: { flexGrow: 1, minWidth: '160px' },
  muted: { color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  cardFooter: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  footerGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pageSize: { minWidth: '90px' },
});

/** A list's column: see {@link TableColumn}. */
export type ListColumn<Row> = TableColumn<Row>;

export interface ListScaffoldProps<Row> {
  list: ListScreen<Row, string>;
  /** The accessible name of the table (or of the screen's own list). */
  label: string;
  search?: {
    label: string;
    placeholder?: string;
    /** Shown as a labelled field rather than a bare search box (a narrow panel). */
    field?: boolean;
    className?: string;
    onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  };
  /** The screen's filters, after the search box. */
  filters?: ReactNode;
  /** The screen's buttons, at the toolbar's end. */
  actions?: ReactNode;
  empty: { icon: ReactNode; title: string; body?: ReactNode };
  columns?: readonly ListColumn<Row>[];
  rowKey?: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** A row's background (low stock, inactive); the table keeps its text readable on it. */
  rowTone?: (row: Row) => RowTone | undefined;
  /** Double-click or Enter on a focused row: the row's edit form. */
  onOpenRow?: (row: Row) => void;
  tableClassName?: string;
  tableSize?: 'small' | 'medium';
  /** The chooser's saved preference id (`products.columns`); left out, every column shows. */
  columnsPreference?: string;
  /** Rows drawn otherwise than as a table (cards, a feed); `busy` while the next page loads. */
  renderRows?: (rows: Row[], busy: boolean) => ReactNode;
  /** A card with bars (tables), or plain (a board of cards, a panel). */
  frame?: 'card' | 'plain';
  className?: string;
  /** Dialogs and the like. */
  children?: ReactNode;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The columns a user hid, saved as a preference so every device shows the same. */
function useHiddenColumns<Row>(preference: string | undefined, columns: readonly ListColumn<Row>[]) {
  const saved = usePreference(preference);
  // Shown at once; the failure's toast says the choice was not kept.
  const save = useSavePreference(preference);
  const raw = saved?.hidden;
  // Until the user chooses, the columns that fit a 1280-pixel window.
  const fallback = columns.filter((c) => c.defaultHidden).map((c) => c.key);
  return {
    hidden: new Set(isStringArray(raw) ? raw : fallback),
    save: (next: string[]) => save.mutate({ hidden: next }),
  };
}

function ColumnChooser<Row>({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ListColumn<Row>[];
  hidden: Set<string>;
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Menu
      checkedValues={{ columns: columns.filter((c) => !hidden.has(c.key)).map((c) => c.key) }}
      onCheckedValueChange={(_e, data) =>
        onChange(columns.map((c) => c.key).filter((k) => !data.checkedItems.includes(k)))
      }
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuButton icon={<ColumnTripleRegular />}>{t('list.columns')}</MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {columns.map((c) => (
            <MenuItemCheckbox key={c.key} name="columns" value={c.key} disabled={c.alwaysShown}>
              {c.header}
            </MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The one table every list draws its rows with: {@link AppTable} sorted by the list's state. */
export function ListTable<Row>({
  list,
  label,
  columns,
  rowKey,
  rowClassName,
  rowTone,
  onOpenRow,
  className,
  size,
}: {
  list: ListScreen<Row, string>;
  label: string;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  rowTone?: (row: Row) => RowTone | undefined;
  onOpenRow?: (row: Row) => void;
  className?: string;
  size?: 'small' | 'medium';
}) {
  return (
    <AppTable
      label={label}
      rows={list.rows}
      columns={columns}
      rowKey={rowKey}
      rowClassName={rowClassName}
      rowTone={rowTone}
      onOpenRow={onOpenRow}
      sort={{ current: list.state.sort, by: list.sortBy }}
      busy={list.query.isFetching}
      size={size}
      className={className}
    />
  );
}

export function ListScaffold<Row>({
  list,
  label,
  search,
  filters,
  actions,
  empty,
  columns = [],
  rowKey,
  rowClassName,
  rowTone,
  onOpenRow,
  tableClassName,
  tableSize,
  columnsPreference,
  renderRows,
  frame = 'card',
  className,
  children,
}: ListScaffoldProps<Row>) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const chooser = useHiddenColumns(columnsPreference, columns);
  const { query } = list;
  const visible = columnsPreference
    ? columns.filter((c) => c.alwaysShown || !chooser.hidden.has(c.key))
    : columns;
  const inCard = frame === 'card';
  const Frame = inCard ? Card : 'div';

  const searchBox = search && (
    <SearchBox
      className={search.field ? undefined : mergeClasses(styles.search, search.className)}
      aria-label={search.field ? undefined : search.label}
      placeholder={search.placeholder ?? search.label}
      dismiss={{ 'aria-label': t('a11y.clear') }}
      value={list.searchText}
      onChange={(_e, data) => list.setSearchText(data.value)}
      onKeyDown={search.onKeyDown}
    />
  );

  const body = query.isPending ? (
    <LoadingState />
  ) : query.isError ? (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  ) : list.rows.length === 0 ? (
    <EmptyState icon={empty.icon} title={empty.title}>
      {empty.body}
    </EmptyState>
  ) : renderRows ? (
    renderRows(list.rows, query.isFetching)
  ) : (
    <ListTable
      list={list}
      label={label}
      columns={visible}
      rowKey={rowKey ?? ((row) => (row as { _id: string })._id)}
      rowClassName={rowClassName}
      rowTone={rowTone}
      onOpenRow={onOpenRow}
      className={tableClassName}
      size={tableSize}
    />
  );

  const showPageSize = list.pageSizes.length > 1;
  return (
    <Frame className={mergeClasses(inCard ? styles.card : styles.plain, className)}>
      <div className={mergeClasses(styles.toolbar, inCard && styles.cardBar)}>
        {search?.field ? (
          <Field className={styles.searchField} label={search.label}>
            {searchBox}
          </Field>
        ) : (
          searchBox
        )}
        {filters}
        {(columnsPreference || actions) && <div className={styles.spacer} />}
        {columnsPreference && (
          <ColumnChooser columns={columns} hidden={chooser.hidden} onChange={chooser.save} />
        )}
        {actions}
      </div>
      {body}
      {query.data && list.total > 0 && (
        <div className={mergeClasses(styles.footer, inCard && styles.cardFooter)}>
          <div className={styles.footerGroup}>
            <Body1 className={styles.muted}>{t('paging.total', { total: list.total })}</Body1>
            {showPageSize && (
              <Dropdown
                className={styles.pageSize}
                aria-label={t('paging.pageSize')}
                value={String(list.state.limit)}
                selectedOptions={[String(list.state.limit)]}
                onOptionSelect={(_e, data) => list.setLimit(Number(data.optionValue))}
              >
                {list.pageSizes.map((size) => (
                  <Option key={size} value={String(size)}>
                    {String(size)}
                  </Option>
                ))}
              </Dropdown>
            )}
          </div>
          {list.pages > 1 && <Pager page={list.state.page} pages={list.pages} onPage={list.setPage} />}
        </div>
      )}
      {children}
    </Frame>
  );
}
