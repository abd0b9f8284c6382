/**
 * The loading state every screen shows, apart from page-state.tsx's other states: the start
 * route shows it before the sign-in form and must not load the message bars they use.
 */
import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
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

/** The centred frame of every page state; `fullPage` stands it in the middle of the screen. */
export function CenteredState({ fullPage, children }: { fullPage?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.center, fullPage && styles.fullPage)}>{children}</div>;
}

export function LoadingState({ label, fullPage }: { label?: string; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <CenteredState fullPage={fullPage}>
      <Spinner label={label ?? t('states.loading')} />
    </CenteredState>
  );
}
