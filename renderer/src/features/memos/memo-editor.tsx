/** The dialog that writes a new memo or edits one; it stays open with the text on a failed save. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { memoInputSchema, type Memo, type MemoInput } from '#shared/schemas/misc';
import { invalidate } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { useLeaveGuard } from '../../ui/leave-guard';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useFieldMessage } from '../../ui/use-error-text';
import { createMemo, updateMemo } from './memos.api';

const useStyles = makeStyles({
  surface: { width: '640px', maxWidth: 'calc(100vw - 32px)' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: { minHeight: '200px' },
});

/**
 * `memo` null: a new memo. Fluent inputs keep their own copy of the text and start from
 * their `defaultValue`, not from what react-hook-form writes into the element, so the
 * initial text is given to both.
 */
export function MemoEditor({ memo, onClose }: { memo: Memo | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('memo');
  const fieldMessage = useFieldMessage();
  const [saved, setSaved] = useState(false);
  const initial = { title: memo?.title ?? '', body: memo?.body ?? '' };
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<MemoInput, unknown, z.output<typeof memoInputSchema>>({
    resolver: zodResolver(memoInputSchema),
    defaultValues: initial,
  });
  const guard = useLeaveGuard(isDirty && !saved);
  const save = useAppMutation({
    mutationFn: (input: z.output<typeof memoInputSchema>) =>
      memo ? updateMemo(memo._id, input) : createMemo(input),
    success: (saved) => t(memo ? 'toasts.updated' : 'toasts.created', { title: saved.title }),
    invalidate: invalidate.memos,
    onSuccess: () => {
      setSaved(true);
      onClose();
    },
  });

  return (
    <>
      {guard.prompt}
      <AppDialog
        open
        title={t(memo ? 'editor.editTitle' : 'editor.createTitle')}
        className={styles.surface}
        contentClassName={styles.form}
        onClose={onClose}
        dirty={isDirty}
        busy={save.isPending}
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
        primary={{ label: t('common:actions.save') }}
      >
        <Field label={t('fields.title')} required validationMessage={fieldMessage(errors.title)}>
          <Input {...register('title')} defaultValue={initial.title} />
        </Field>
        <Field label={t('fields.body')} validationMessage={fieldMessage(errors.body)}>
          <Textarea
            {...register('body')}
            defaultValue={initial.body}
            className={styles.body}
            resize="vertical"
            rows={8}
          />
        </Field>
      </AppDialog>
    </>
  );
}
