/** Desktop only: talk to the API in this app ("This computer") or to a team server. */
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  tokens,
} from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionSchema } from '#shared/ipc';
import { needsInsecureConsent } from '#shared/team-server-url';
import { configureApi } from '../../api/http';
import { loadedQueryClient } from '../../app/query-client-loader';
import { platform } from '../../platform/platform';
import { useConfirmAction } from '../../ui/confirm-action';
import { useNotify } from '../../ui/notify';
import { connectionAtom } from './session.atoms';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  // Level with the input, below the field's label.
  connect: { marginTop: '26px' },
  grow: { flex: 1 },
});

export default function ConnectionPicker() {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const [connection, setConnection] = useAtom(connectionAtom);
  const [mode, setMode] = useState(connection.mode);
  const [url, setUrl] = useState(connection.mode === 'team' ? connection.url : '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const insecureQuestion = useConfirmAction();

  const save = async (next: unknown) => {
    const parsed = connectionSchema.safeParse(next);
    if (!parsed.success) {
      setError(t('connection.invalidUrl'));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const info = await platform.setConnection(parsed.data);
      configureApi({ apiBaseUrl: info.apiBaseUrl });
      setConnection(info.connection);
      // Shown on the sign-in form, which renders without the query library (query-layout.tsx).
      await loadedQueryClient()?.invalidateQueries();
      notify.success(t('connection.saved'));
    } catch {
      setError(t('connection.failed'));
    } finally {
      setSaving(false);
    }
  };

  // A plain http server off this computer: the user says yes to the warning first, and main
  // takes the address only with that answer (`insecure`) attached.
  const connect = () => {
    const next = { mode: 'team' as const, url: url.trim() };
    if (!needsInsecureConsent(next.url)) return void save(next);
    insecureQuestion.ask({
      title: t('connection.insecure.title'),
      body: t('connection.insecure.body', { host: new URL(next.url).host }),
      confirmLabel: t('connection.insecure.confirm'),
      keepLabel: t('connection.insecure.cancel'),
      onConfirm: () => void save({ ...next, insecure: true }),
    });
  };

  return (
    <div className={styles.root}>
      <Field label={t('connection.label')}>
        <RadioGroup
          layout="horizontal"
          value={mode}
          onChange={(_e, data) => {
            const next = data.value === 'team' ? 'team' : 'local';
            setMode(next);
            if (next === 'local' && connection.mode !== 'local') void save({ mode: 'local' });
          }}
        >
          <Radio value="local" label={t('connection.local')} />
          <Radio value="team" label={t('connection.team')} />
        </RadioGroup>
      </Field>
      {mode === 'team' && (
        <div className={styles.row}>
          <Field className={styles.grow} label={t('connection.url')} validationMessage={error}>
            <Input
              type="url"
              value={url}
              placeholder="https://kura.example.com"
              onChange={(_e, data) => setUrl(data.value)}
            />
          </Field>
          <Button className={styles.connect} disabled={saving} onClick={connect}>
            {t('connection.connect')}
          </Button>
        </div>
      )}
      {connection.mode === 'team' && connection.insecure && (
        // Here too, not only in the top bar: the password is typed on this screen.
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('connection.insecure.active', { host: new URL(connection.url).host })}
          </MessageBarBody>
        </MessageBar>
      )}
      {insecureQuestion.dialog}
    </div>
  );
}
