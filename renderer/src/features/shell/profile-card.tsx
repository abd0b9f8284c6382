import { Avatar, Caption1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMe } from '../../api/auth.api';
import { queryKeys } from '../../api/query-keys';
import { DetailList, type DetailItem } from '../../ui/detail-list';
import { ErrorState, LoadingState } from '../../ui/page-state';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
});

/** The signed-in user's own record, fresh from GET auth/me. */
export function ProfileCard() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const me = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  const user = me.data;
  const rows: DetailItem[] = [
    [t('profile.fullname'), user.fullname],
    [t('profile.email'), user.email],
    [t('profile.username'), user.username],
    [t('profile.role'), user.role ? t(`common:roles.${user.role}`) : t('common:roles.none')],
  ];
  return (
    <div>
      <div className={styles.head}>
        <Avatar name={user.fullname} size={56} color="colorful" />
        <div>
          <Subtitle1 block>{user.fullname}</Subtitle1>
          <Caption1>{user.email}</Caption1>
        </div>
      </div>
      <DetailList items={rows} />
    </div>
  );
}
