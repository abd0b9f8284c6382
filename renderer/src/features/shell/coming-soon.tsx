import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { WrenchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageTrail } from './menu';

const useStyles = makeStyles({
  card: {
    maxWidth: '640px',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
  },
  icon: { fontSize: '36px', color: tokens.colorBrandForeground1 },
});

/** Screens that later versions fill say so plainly instead of pretending to work. */
export default function ComingSoon() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const page = pageTrail(pathname);
  const screen = page ? t(page.title) : pathname;
  return (
    <Card className={styles.card} data-testid="coming-soon" role="region" aria-label={screen}>
      <WrenchRegular className={styles.icon} aria-hidden="true" />
      <Subtitle1 as="h2">{t('comingSoon.title', { screen })}</Subtitle1>
      <Body1>{t('comingSoon.body', { screen })}</Body1>
    </Card>
  );
}
