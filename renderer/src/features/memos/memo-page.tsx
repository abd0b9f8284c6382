/** /memo: the team's shared notes: search, write, edit, delete with confirmation. */
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
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memosListSpec } from '#shared/list-specs';
import type { Memo } from '#shared/schemas/misc';
import { invalidate, queryKeys } from '../../api/query-keys';
import { ConfirmDialog } from '../../ui/app-dialog';
import { ListScaffold } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { useAppMutation } from '../../ui/use-app-mutation';
import { MemoEditor } from './memo-editor';
import { deleteMemo, fetchMemos } from './memos.api';

const useStyles = makeStyles({
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
});

/** null: closed; 'new': a new memo; a memo: that one is being edited. */
type Editing = null | 'new' | Memo;

export default function MemoPage() {
  const styles = useStyles();
  const { t } = useTranslation('memo');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Memo | null>(null);
  const list = useListScreen({
    spec: memosListSpec,
    searchParam: 'searchStr',
    pageSizes: [24],
    queryKey: queryKeys.memos.list,
    fetch: fetchMemos,
  });
  const remove = useAppMutation({
    mutationFn: (memo: Memo) => deleteMemo(memo._id),
    success: (_data, memo) => t('toasts.deleted', { title: memo.title }),
    invalidate: invalidate.memos,
    onSuccess: () => setDeleting(null),
    onError: () => setDeleting(null),
  });

  const updated = (iso: string) => DateTime.fromISO(iso).toFormat('yyyy-MM-dd HH:mm');

  return (
    <ListScaffold
      list={list}
      frame="plain"
      label={t('title')}
      search={{ label: t('search') }}
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
          {t('new')}
        </Button>
      }
      empty={{
        icon: <NoteRegular />,
        title: list.searching ? t('emptySearch') : t('empty'),
        body: list.searching ? undefined : t('emptyBody'),
      }}
      renderRows={(memos, busy) => (
        <ul className={styles.grid} aria-label={t('title')} aria-busy={busy}>
          {memos.map((memo) => (
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
    >
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
    </ListScaffold>
  );
}
