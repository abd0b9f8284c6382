/**
 * Desktop only: the top bar's warning while the app talks to a team server over plain http
 * (the user accepted it on the sign-in screen). It stays for as long as that connection does.
 */
import { Badge, Tooltip } from '@fluentui/react-components';
import { LockOpenRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { connectionAtom } from '../auth/session.atoms';

export function InsecureConnectionWarning() {
  const { t } = useTranslation('shell');
  const connection = useAtomValue(connectionAtom);
  if (connection.mode !== 'team' || connection.insecure !== true) return null;
  const detail = t('header.insecureConnectionDetail', { host: new URL(connection.url).host });
  return (
    <Tooltip content={detail} relationship="description">
      <Badge
        role="status"
        data-testid="insecure-connection"
        appearance="filled"
        color="danger"
        size="large"
        icon={<LockOpenRegular />}
        tabIndex={0}
      >
        {t('header.insecureConnection')}
      </Badge>
    </Tooltip>
  );
}
