/** The remarks of one product, newest first, with a box to add one. */
import { Body1, Caption1, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { CommentRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate, queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { useAppMutation } from '../../ui/use-app-mutation';
import { addRemark, fetchRemarks } from './products.api';
import { useOffline } from '../../ui/use-offline';

const REMARK_MAX = 2000;

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '320px',
    overflowY: 'auto',
  },
  item: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
});

export interface RemarksDialogProps {
  productId: string;
  productName: string;
  open: boolean;
  onClose: () => void;
}

export function RemarksDialog({ productId, productName, open, onClose }: RemarksDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation('remarksmodal');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const remarks = useQuery({
    queryKey: queryKeys.products.remarks(productId),
    queryFn: () => fetchRemarks(productId),
    enabled: open,
  });
  const { writeProps } = useOffline();
  const add = useAppMutation({
    mutationFn: (remark: string) => addRemark(productId, remark),
    success: t('added'),
    invalidate: invalidate.products,
    onSuccess: () => setText(''),
  });

  const submit = () => {
    const remark = text.trim();
    if (!remark) {
      setInvalid(true);
      return;
    }
    add.mutate(remark);
  };

  return (
    <AppDialog
      open={open}
      title={t('titleFor', { name: productName })}
      className={styles.surface}
      contentClassName={styles.content}
      onClose={onClose}
      dirty={text.trim() !== ''}
      busy={add.isPending}
      closeLabel={t('common:actions.close')}
      primary={{ label: t('add'), onClick: submit, ...writeProps() }}
    >
      <Field
        label={t('newRemark')}
        validationMessage={invalid ? t('errors:required') : undefined}
        hint={t('hint')}
      >
        <Textarea
          value={text}
          maxLength={REMARK_MAX}
          resize="vertical"
          onChange={(_e, data) => {
            setText(data.value);
            setInvalid(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
        />
      </Field>
      {remarks.isPending ? (
        <LoadingState />
      ) : remarks.isError ? (
        <ErrorState error={remarks.error} onRetry={() => void remarks.refetch()} />
      ) : remarks.data.data.length === 0 ? (
        <EmptyState icon={<CommentRegular />} title={t('empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('title')}>
          {remarks.data.data.map((r) => (
            <li key={r._id} className={styles.item}>
              <Body1 className={styles.text}>{r.remark}</Body1>
              <Caption1 className={styles.meta}>
                {t('byline', {
                  author: r.author?.fullname ?? t('unknownAuthor'),
                  time: DateTime.fromISO(r.createdAt).toFormat('yyyy-MM-dd HH:mm'),
                })}
              </Caption1>
            </li>
          ))}
        </ul>
      )}
    </AppDialog>
  );
}
