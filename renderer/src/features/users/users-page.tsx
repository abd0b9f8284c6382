/** /users: admins grant roles and (de)activate accounts (issue 2, DESIGN §3 "Accounts"). */
import {
  Badge,
  Body1,
  Button,
  Card,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular, PeopleRegular, ShieldErrorRegular } from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/constants';
import { pageCount } from '#shared/query';
import type { User, UserUpdate } from '#shared/schemas/auth';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { fetchUsers, updateUser } from '../../api/users.api';
import { useNotify } from '../../app/notify';
import { EmptyState, ErrorState, LoadingState } from '../../app/page-state';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { useErrorText } from '../../app/use-error-text';
import { useCurrentUser } from '../auth/current-user';
import { ConfirmDialog } from '../../app/confirm-dialog';
import { Pager } from '../../app/pager';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  card: { padding: 0, gap: 0 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalL,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  search: { width: '320px', maxWidth: '100%' },
  tableWrap: { overflowX: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actionsCell: { width: '56px' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

interface PendingChange {
  user: User;
  update: UserUpdate;
}

const ROLE_CHOICES: (Role | null)[] = ['admin', 'orderCreator', null];

function NotAllowed() {
  const { t } = useTranslation('users');
  return (
    <EmptyState icon={<ShieldErrorRegular />} title={t('forbidden.title')}>
      {t('forbidden.body')}
    </EmptyState>
  );
}

export default function UsersPage() {
  const me = useCurrentUser();
  return me.role === 'admin' ? <UsersTable /> : <NotAllowed />;
}

function UsersTable() {
  const styles = useStyles();
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const searchStr = useDebouncedValue(search.trim());

  const params = { page, limit: PAGE_SIZE, extras: { searchStr } };
  const users = useQuery({
    queryKey: queryKeys.users(params),
    queryFn: () => fetchUsers(params),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: ({ user, update }: PendingChange) => updateUser(user._id, update),
    onSuccess: (_data, { user }) => {
      notify.success(t('toasts.updated', { name: user.fullname }));
      setPending(null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usersAll });
    },
    onError: (error) => {
      notify.error(errorText(error));
      setPending(null);
    },
  });

  const roleLabel = (role: Role | null) => (role ? t(`common:roles.${role}`) : t('common:roles.none'));
  const date = (iso: string | null, format: string) =>
    iso ? DateTime.fromISO(iso).toFormat(format) : t('never');
  const describe = ({ user, update }: PendingChange) =>
    update.active === false
      ? t('confirm.deactivate', { name: user.fullname })
      : update.active === true
        ? t('confirm.reactivate', { name: user.fullname })
        : t('confirm.role', { name: user.fullname, role: roleLabel(update.role ?? null) });

  if (users.isError && users.error instanceof ApiError && users.error.status === 403) return <NotAllowed />;
  const pages = pageCount(users.data?.totalCount ?? 0, PAGE_SIZE);

  return (
    <Card className={styles.card}>
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
        {users.data && (
          <Body1 className={styles.muted}>{t('common:paging.total', { total: users.data.totalCount })}</Body1>
        )}
      </div>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <EmptyState icon={<PeopleRegular />} title={searchStr ? t('emptySearch') : t('empty')} />
      ) : (
        <div className={styles.tableWrap}>
          <Table aria-label={t('title')} aria-busy={users.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('columns.fullname')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.email')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.username')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.role')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.active')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.created')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.lastLogin')}</TableHeaderCell>
                <TableHeaderCell className={styles.actionsCell}>
                  <span className={styles.muted}>{t('columns.actions')}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.data.map((user) => {
                const self = user._id === me._id;
                return (
                  <TableRow key={user._id}>
                    <TableCell>{user.fullname}</TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell>{user.username}</TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={user.role ? 'brand' : 'warning'}>
                        {roleLabel(user.role)}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <Badge appearance="outline" color={user.active ? 'success' : 'subtle'}>
                        {user.active ? t('common:status.active') : t('common:status.inactive')}
                      </Badge>
                    </TableCell>
                    <TableCell className={styles.nowrap}>{date(user.createdAt, 'yyyy-MM-dd')}</TableCell>
                    <TableCell className={styles.nowrap}>
                      {date(user.lastLoginAt, 'yyyy-MM-dd HH:mm')}
                    </TableCell>
                    <TableCell>
                      <Menu>
                        <MenuTrigger disableButtonEnhancement>
                          <Button
                            appearance="subtle"
                            icon={<MoreHorizontalRegular />}
                            aria-label={t('actionsFor', { name: user.fullname })}
                            // Taking one's own admin role or account away would lock the door behind you.
                            disabled={self}
                          />
                        </MenuTrigger>
                        <MenuPopover>
                          <MenuList>
                            {ROLE_CHOICES.filter((role) => role !== user.role).map((role) => (
                              <MenuItem
                                key={role ?? 'none'}
                                onClick={() => setPending({ user, update: { role } })}
                              >
                                {role ? t('actions.grant', { role: roleLabel(role) }) : t('actions.revoke')}
                              </MenuItem>
                            ))}
                            <MenuDivider />
                            <MenuItem onClick={() => setPending({ user, update: { active: !user.active } })}>
                              {user.active ? t('actions.deactivate') : t('actions.reactivate')}
                            </MenuItem>
                          </MenuList>
                        </MenuPopover>
                      </Menu>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {users.data && pages > 1 && (
        <Pager className={styles.pager} page={page} pages={pages} onPage={setPage} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('confirm.title')}
        confirmLabel={t('common:actions.confirm')}
        busy={change.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && change.mutate(pending)}
      >
        {pending && describe(pending)}
      </ConfirmDialog>
    </Card>
  );
}
