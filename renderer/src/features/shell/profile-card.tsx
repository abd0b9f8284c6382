import { Avatar, Body1, Caption1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMe } from '../../api/auth.api';
import { queryKeys } from '../../api/query-keys';
import { ErrorState, LoadingState } from '../../ui/page-state';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-word' },
});

/** The signed-in user's own record, fresh from GET auth/me. */
export function ProfileCard() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const me = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  const user = me.data;
  const rows: [string, string][] = [
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
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>
              <Body1>{term}</Body1>
            </dt>
            <dd className={styles.value}>
              <Body1>{value}</Body1>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
