import { Body1, Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../api/query-keys';
import { AuthLayout } from './auth-layout';
import { useCurrentUser } from './current-user';
import { useFormStyles } from './form-styles';

/** A registered user without a role waits here until an admin grants one. */
export default function PendingRolePage() {
  const styles = useFormStyles();
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <AuthLayout title={t('pending.title')} subtitle={user.fullname}>
      <div className={styles.form}>
        <Body1>{t('pending.body', { email: user.email })}</Body1>
        <div className={styles.actions}>
          <Button
            className={styles.grow}
            appearance="primary"
            onClick={() => void queryClient.refetchQueries({ queryKey: queryKeys.verify })}
          >
            {t('pending.checkAgain')}
          </Button>
          <Button className={styles.grow} onClick={() => void navigate('/logout')}>
            {t('shell:header.logout')}
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
