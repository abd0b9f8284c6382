/** /newproductrequest: staff ask for a product the catalog lacks; it becomes an issue. */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Body1,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Subtitle1,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { LightbulbRegular, SendRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppLink } from '../../ui/app-link';
import { useLeaveGuard } from '../../ui/leave-guard';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useFieldMessage } from '../../ui/use-error-text';
import { useCurrentUser } from '../auth/current-user';
import { IssueStatus, requestedOn, useYen } from './issue-parts';
import { createIssue, fetchIssues } from './issues.api';
import {
  emptyRequestForm,
  requestFormSchema,
  type RequestFormOutput,
  type RequestFormValues,
} from './request-form';
import { BusySpinner } from '../../ui/busy-spinner';

const RECENT_LIMIT = 5;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground2 },
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingVerticalM, columnGap: '24px' },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS },
  recentHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '12px' },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  itemText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  itemTitle: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export default function NewProductRequestPage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <RequestForm />
      <RecentRequests />
    </div>
  );
}

function RequestForm() {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  // Fluent inputs keep their own copy of the text, so react-hook-form's reset cannot empty
  // them: a sent request starts a fresh form instead.
  const [generation, setGeneration] = useState(0);
  // The form keeps what was typed on a failure; the toast says what the server refused.
  const send = useAppMutation({
    mutationFn: createIssue,
    success: (issue) => t('request.sent', { title: issue.title }),
    invalidate: invalidate.issues,
    onSuccess: () => setGeneration((g) => g + 1),
  });

  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2">{t('request.heading')}</Subtitle1>
      <Body1 className={styles.intro}>{t('request.intro')}</Body1>
      <RequestFields
        key={generation}
        sending={send.isPending}
        onSend={(values) => send.mutate(values)}
        onClear={() => setGeneration((g) => g + 1)}
      />
    </Card>
  );
}

function RequestFields({
  sending,
  onSend,
  onClear,
}: {
  sending: boolean;
  onSend: (values: RequestFormOutput) => void;
  onClear: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const fieldMessage = useFieldMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: emptyRequestForm,
  });

  const guard = useLeaveGuard(isDirty);

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSend)}>
      {guard.prompt}
      <Field
        className={styles.wide}
        label={t('request.fields.title')}
        required
        validationMessage={fieldMessage(errors.title)}
      >
        <Input {...register('title')} autoFocus />
      </Field>
      <Field
        className={styles.wide}
        label={t('request.fields.link')}
        hint={t('request.fields.linkHint')}
        validationMessage={fieldMessage(errors.link)}
      >
        <Input {...register('link')} type="url" inputMode="url" placeholder="https://" />
      </Field>
      <Field label={t('request.fields.expectedPrice')} validationMessage={fieldMessage(errors.expectedPrice)}>
        <Input {...register('expectedPrice')} inputMode="numeric" contentBefore="¥" />
      </Field>
      <Field label={t('request.fields.quantity')} validationMessage={fieldMessage(errors.quantity)}>
        <Input {...register('quantity')} inputMode="numeric" />
      </Field>
      <Field
        className={styles.wide}
        label={t('request.fields.note')}
        validationMessage={fieldMessage(errors.note)}
      >
        <Textarea {...register('note')} resize="vertical" rows={3} />
      </Field>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={sending}
          icon={sending ? <BusySpinner /> : <SendRegular />}
        >
          {t('request.submit')}
        </Button>
        <Button type="button" disabled={sending} onClick={onClear}>
          {t('request.clear')}
        </Button>
      </div>
    </form>
  );
}

function RecentRequests() {
  const styles = useStyles();
  const { t } = useTranslation('issues');
  const me = useCurrentUser();
  const yen = useYen();
  const params = { page: 1, limit: RECENT_LIMIT, sort: '-createdAt', filters: { createdBy: me._id } };
  const recent = useQuery({ queryKey: queryKeys.issues.list(params), queryFn: () => fetchIssues(params) });

  return (
    <Card className={styles.card} role="region" aria-label={t('request.recent')}>
      <div className={styles.recentHead}>
        <Subtitle1 as="h2">{t('request.recent')}</Subtitle1>
        <AppLink to="/issues">{t('request.viewAll')}</AppLink>
      </div>
      {recent.isPending ? (
        <LoadingState />
      ) : recent.isError ? (
        <ErrorState error={recent.error} onRetry={() => void recent.refetch()} />
      ) : recent.data.data.length === 0 ? (
        <EmptyState icon={<LightbulbRegular />} title={t('request.recentEmpty')} />
      ) : (
        <ul className={styles.list}>
          {recent.data.data.map((issue) => (
            <li key={issue._id} className={styles.item}>
              <div className={styles.itemText}>
                <span className={styles.itemTitle}>{issue.title}</span>
                <span className={styles.muted}>
                  {[
                    requestedOn(issue.createdAt),
                    issue.expectedPrice !== null ? yen(issue.expectedPrice) : undefined,
                    issue.quantity !== null ? `× ${issue.quantity}` : undefined,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <IssueStatus issue={issue} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
