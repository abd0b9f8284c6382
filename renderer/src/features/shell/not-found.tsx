import { DocumentSearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../ui/app-link';
import { EmptyState } from '../../ui/page-state';

export default function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <EmptyState icon={<DocumentSearchRegular />} title={t('notFound.title')}>
      {t('notFound.body')} <AppLink to="/">{t('notFound.home')}</AppLink>
    </EmptyState>
  );
}
