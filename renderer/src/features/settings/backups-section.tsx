/**
 * Settings → Backups, in the desktop app in local mode: when the day's automatic copy was made
 * and where the copies are, a copy to a file of the user's choice, and (administrators) a
 * restore from one, after a question that says what happens. Nothing in a browser or on a team
 * server, whose database is not on this computer.
 */
import { Body1, Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { ArrowCounterclockwiseRegular, SaveRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RestoreRefusal } from '#shared/ipc';
import { platform } from '../../platform/platform';
import { ConfirmActionDialog, type ConfirmAction } from '../../ui/confirm-action';
import { useNotify } from '../../ui/notify';
import { useCurrentUser } from '../auth/current-user';

const useStyles = makeStyles({
  section: {
    marginTop: tokens.spacingVerticalXXL,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: '880px',
  },
  note: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export function BackupsSection() {
  const info = useQuery({ queryKey: ['desktop', 'backups'], queryFn: () => platform.backupInfo() });
  if (!info.data?.available) return null;
  return (
    <Backups folder={info.data.folder ?? ''} latest={info.data.latest} refresh={() => void info.refetch()} />
  );
}

function Backups({
  folder,
  latest,
  refresh,
}: {
  folder: string;
  latest: string | null;
  refresh: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const notify = useNotify();
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<ConfirmAction | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      notify.error(t('backups.failed'));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const backUp = () =>
    run(async () => {
      const result = await platform.backupNow();
      if (result.saved) notify.success(t('backups.saved', { path: result.path }));
    });

  const restore = () =>
    run(async () => {
      const result = await platform.restoreBackup();
      // A restore reloads the window: the success is the data on screen.
      if (!result.restored && result.reason !== 'canceled') {
        notify.error(t(`backups.refused.${result.reason satisfies RestoreRefusal}`));
      }
    });

  const askRestore = () =>
    setQuestion({
      title: t('backups.restoreQuestion.title'),
      body: t('backups.restoreQuestion.body'),
      confirmLabel: t('backups.restoreQuestion.confirm'),
      keepLabel: t('backups.restoreQuestion.keep'),
      confirmIcon: <ArrowCounterclockwiseRegular />,
      onConfirm: () => void restore(),
    });

  return (
    <section className={styles.section} aria-labelledby="backups-title">
      <Subtitle2 as="h2" id="backups-title">
        {t('backups.title')}
      </Subtitle2>
      <Body1>{latest ? t('backups.latest', { date: latest }) : t('backups.none')}</Body1>
      <Body1 className={styles.note}>{t('backups.kept', { folder })}</Body1>
      <div className={styles.actions}>
        <Button icon={<SaveRegular />} disabled={busy} onClick={() => void backUp()}>
          {t('backups.backUpNow')}
        </Button>
        {user.role === 'admin' && (
          <Button icon={<ArrowCounterclockwiseRegular />} disabled={busy} onClick={askRestore}>
            {t('backups.restore')}
          </Button>
        )}
      </div>
      <ConfirmActionDialog action={question} onClose={() => setQuestion(null)} />
    </section>
  );
}
