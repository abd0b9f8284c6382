/** /memo: the team's shared notes (issue 3): search, write, edit, delete with confirmation. */
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  DeleteRegular,
  EditRegular,
  MoreHorizontalRegular,
  NoteRegular,
  PersonRegular,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '#shared/query';
import type { Memo } from '#shared/schemas/misc';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { useErrorText } from '../../app/use-error-text';
import { MemoEditor } from './memo-editor';
import { deleteMemo, fetchMemos, memoKeys } from './memos.api';
import { ConfirmDialog } from '../../app/confirm-dialog';
import { Pager } from '../../app/pager';

const PAGE_SIZE = 24;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  search: { width: '320px', maxWidth: '100%' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: { height: '100%', boxSizing: 'border-box' },
  title: { overflowWrap: 'anywhere' },
  body: {
    flexGrow: 1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: 6,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  noBody: { flexGrow: 1, color: tokens.colorNeutralForeground4, fontStyle: 'italic' },
  footer: {
    justifyContent: 'space-between',
    color: tokens.colorNeutralForeground3,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalS,
  },
  author: { display: 'flex', alignItems: 'center', gap: '4px', minWidth: 0 },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalM },
});

/** null: closed; 'new': a new memo; a memo: that one is being edited. */
type Editing = null | 'new' | Memo;

export default function MemoPage() {
  const styles = useStyles();
  const { t } = useTranslation('memo');
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Memo | null>(null);
  const searchStr = useDebouncedValue(search.trim());

  const params = { page, limit: PAGE_SIZE, sort: '-updatedAt', extras: { searchStr } };
  const memos = useQuery({
    queryKey: memoKeys.list(params),
    queryFn: () => fetchMemos(params),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (memo: Memo) => deleteMemo(memo._id),
    onSuccess: (_data, memo) => {
      notify.success(t('toasts.deleted', { title: memo.title }));
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: memoKeys.all });
    },
    onError: (error) => {
      notify.error(errorText(error));
      setDeleting(null);
    },
  });

  const pages = pageCount(memos.data?.totalCount ?? 0, PAGE_SIZE);
  const updated = (iso: string) => DateTime.fromISO(iso).toFormat('yyyy-MM-dd HH:mm');

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(_e, data) => {
            setSearch(data.value);
            setPage(1);
          }}
        />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
          {t('new')}
        </Button>
      </div>
      {memos.isPending ? (
        <LoadingState />
      ) : memos.isError ? (
        <ErrorState error={memos.error} onRetry={() => void memos.refetch()} />
      ) : memos.data.data.length === 0 ? (
        <Card>
          <EmptyState icon={<NoteRegular />} title={searchStr ? t('emptySearch') : t('empty')}>
            {searchStr ? undefined : t('emptyBody')}
          </EmptyState>
        </Card>
      ) : (
        <ul className={styles.grid} aria-label={t('title')} aria-busy={memos.isFetching}>
          {memos.data.data.map((memo) => (
            <li key={memo._id}>
              <Card className={styles.card} role="article" aria-label={memo.title}>
                <CardHeader
                  header={
                    <Subtitle2 as="h3" className={styles.title}>
                      {memo.title}
                    </Subtitle2>
                  }
                  action={
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button
                          appearance="subtle"
                          icon={<MoreHorizontalRegular />}
                          aria-label={t('card.actionsFor', { title: memo.title })}
                        />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem icon={<EditRegular />} onClick={() => setEditing(memo)}>
                            {t('actions.edit')}
                          </MenuItem>
                          <MenuItem icon={<DeleteRegular />} onClick={() => setDeleting(memo)}>
                            {t('actions.delete')}
                          </MenuItem>
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  }
                />
                {memo.body.trim() ? (
                  <Body1 className={styles.body}>{memo.body}</Body1>
                ) : (
                  <Body1 className={styles.noBody}>{t('card.noBody')}</Body1>
                )}
                <CardFooter className={styles.footer}>
                  <Caption1 className={styles.author}>
                    <PersonRegular aria-hidden="true" />
                    {memo.author?.fullname ?? t('card.unknownAuthor')}
                  </Caption1>
                  <Caption1>{t('card.updated', { date: updated(memo.updatedAt) })}</Caption1>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {memos.data && pages > 1 && (
        <Pager className={styles.pager} page={page} pages={pages} onPage={setPage} />
      )}
      {editing !== null && (
        <MemoEditor memo={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirm.title')}
        confirmLabel={t('confirm.submit')}
        confirmIcon={<DeleteRegular />}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting && t('confirm.body', { title: deleting.title })}
      </ConfirmDialog>
    </div>
  );
}
