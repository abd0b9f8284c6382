/** /users: admins grant roles and (de)activate accounts. */
import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular, PeopleRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/constants';
import { usersListSpec } from '#shared/list-specs';
import type { User, UserUpdate } from '#shared/schemas/auth';
import { invalidate, queryKeys } from '../../api/query-keys';
import { fetchUsers, updateUser } from '../../api/users.api';
import { ConfirmDialog } from '../../ui/app-dialog';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { useListScreen } from '../../ui/list-screen/use-list-screen';
import { StatusBadge } from '../../ui/status-badge';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useCurrentUser } from '../auth/current-user';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actionsCell: { width: '56px' },
});

interface PendingChange {
  user: User;
  update: UserUpdate;
}

const ROLE_CHOICES: (Role | null)[] = ['admin', 'orderCreator', null];

/** Only admins reach it: the route guard answers every other role from the menu table. */
export default function UsersPage() {
  const styles = useStyles();
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const list = useListScreen({
    spec: usersListSpec,
    searchParam: 'searchStr',
    pageSizes: [20],
    queryKey: queryKeys.users.list,
    fetch: fetchUsers,
  });
  const change = useAppMutation({
    mutationFn: ({ user, update }: PendingChange) => updateUser(user._id, update),
    success: (_data, { user }) => t('toasts.updated', { name: user.fullname }),
    invalidate: invalidate.users,
    onSuccess: () => setPending(null),
    onError: () => setPending(null),
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

  const columns: ListColumn<User>[] = [
    { key: 'fullname', header: t('columns.fullname'), truncate: '200px', cell: (user) => user.fullname },
    { key: 'email', header: t('columns.email'), truncate: '240px', cell: (user) => user.email },
    { key: 'username', header: t('columns.username'), truncate: '160px', cell: (user) => user.username },
    {
      key: 'role',
      header: t('columns.role'),
      cell: (user) => (
        <Badge appearance="tint" color={user.role ? 'brand' : 'warning'}>
          {roleLabel(user.role)}
        </Badge>
      ),
    },
    {
      key: 'active',
      header: t('columns.active'),
      cell: (user) => <StatusBadge active={user.active} />,
    },
    {
      key: 'created',
      header: t('columns.created'),
      className: styles.nowrap,
      cell: (user) => date(user.createdAt, 'yyyy-MM-dd'),
    },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      className: styles.nowrap,
      cell: (user) => date(user.lastLoginAt, 'yyyy-MM-dd HH:mm'),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      headerClassName: mergeClasses(styles.actionsCell, styles.muted),
      cell: (user) => (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button
              appearance="subtle"
              icon={<MoreHorizontalRegular />}
              aria-label={t('actionsFor', { name: user.fullname })}
              // Taking one's own admin role or account away would lock the door behind you.
              disabled={user._id === me._id}
            />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {ROLE_CHOICES.filter((role) => role !== user.role).map((role) => (
                <MenuItem key={role ?? 'none'} onClick={() => setPending({ user, update: { role } })}>
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
      ),
    },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('title')}
      search={{ label: t('search') }}
      empty={{ icon: <PeopleRegular />, title: list.searching ? t('emptySearch') : t('empty') }}
      columns={columns}
    >
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
    </ListScaffold>
  );
}
