/** The loading, empty and error states every screen shows. */
import {
  Body1,
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { ShieldErrorRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link';
import { CenteredState } from './loading-state';
import { useErrorText } from './use-error-text';

// The loading state is apart (loading-state.tsx): the start route shows it without the rest.
export { LoadingState } from './loading-state';

const useStyles = makeStyles({
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
});

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <CenteredState>
      {icon && <span className={styles.icon}>{icon}</span>}
      <Subtitle2>{title}</Subtitle2>
      {children && <Body1>{children}</Body1>}
    </CenteredState>
  );
}

/**
 * A screen the signed-in role may not use: said at once, with none of the screen's actions
 * and a way home instead of a "try again" that cannot help.
 */
export function ForbiddenState({ home = '/' }: { home?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" data-testid="forbidden">
      <EmptyState icon={<ShieldErrorRegular />} title={t('states.forbiddenTitle')}>
        {t('states.forbiddenBody')} <AppLink to={home}>{t('states.home')}</AppLink>
      </EmptyState>
    </div>
  );
}

const isForbidden = (error: unknown) => (error as { status?: unknown } | null)?.status === 403;

export function ErrorState({
  error,
  onRetry,
  fullPage,
}: {
  error: unknown;
  onRetry?: () => void;
  fullPage?: boolean;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  // Asking again cannot turn a refusal for this role into an answer.
  if (isForbidden(error)) return <ForbiddenState />;
  const bar = (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('states.error')}</MessageBarTitle>
        {errorText(error)}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button onClick={onRetry}>{t('actions.retry')}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
  return fullPage ? <CenteredState fullPage>{bar}</CenteredState> : bar;
}
