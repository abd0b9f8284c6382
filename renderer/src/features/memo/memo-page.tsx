/** /memo: the team's shared notes (issue 3): search, write, edit, delete with confirmation. */
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Spinner,
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
        <div className={styles.pager}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('common:actions.previous')}
          </Button>
          <Body1>{t('common:paging.page', { page, total: pages })}</Body1>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('common:actions.next')}
          </Button>
        </div>
      )}
      {editing !== null && (
        <MemoEditor memo={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(_e, data) => !data.open && !remove.isPending && setDeleting(null)}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('confirm.title')}</DialogTitle>
            <DialogContent>{deleting && t('confirm.body', { title: deleting.title })}</DialogContent>
            <DialogActions>
              <Button disabled={remove.isPending} onClick={() => setDeleting(null)}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                appearance="primary"
                disabled={remove.isPending}
                icon={remove.isPending ? <Spinner size="tiny" /> : <DeleteRegular />}
                onClick={() => deleting && remove.mutate(deleting)}
              >
                {t('confirm.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
