/**
 * Active / Inactive everywhere in one look. Both are tinted badges with their own background,
 * so the text keeps at least 4.5:1 whatever the row behind them is tinted with (Fluent's
 * "subtle" colour is white text meant for dark backgrounds, and vanished on light rows).
 */
import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Badge appearance="tint" color={active ? 'success' : 'informative'}>
      {active ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
