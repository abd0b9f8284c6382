/**
 * The loading state every screen shows, apart from page-state.tsx's other states: the start
 * route shows it before the sign-in form and must not load the message bars they use.
 */
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  center: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  fullPage: { minHeight: '60vh' },
});

export function LoadingState({ label, fullPage }: { label?: string; fullPage?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={fullPage ? `${styles.center} ${styles.fullPage}` : styles.center}>
      <Spinner label={label ?? t('states.loading')} />
    </div>
  );
}
