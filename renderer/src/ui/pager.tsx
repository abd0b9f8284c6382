/** Previous · "Page n of m" · Next, as every paged list shows it. */
import { Body1, Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
});

export interface PagerProps {
  page: number;
  /** Page count; 0 (an empty list) reads as one page. */
  pages: number;
  onPage: (page: number) => void;
  size?: 'small' | 'medium';
  className?: string;
}

export function Pager({ page, pages, onPage, size = 'medium', className }: PagerProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const Label = size === 'small' ? Caption1 : Body1;
  return (
    <div className={mergeClasses(styles.pager, className)}>
      <Button size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common:actions.previous')}
      </Button>
      <Label>{t('common:paging.page', { page, total: Math.max(pages, 1) })}</Label>
      <Button size={size} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common:actions.next')}
      </Button>
    </div>
  );
}
