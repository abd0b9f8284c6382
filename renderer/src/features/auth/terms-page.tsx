import { Card, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { LanguageDropdown } from '../shell/language-dropdown';
import { TermsContent } from './terms-content';

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  top: { display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  main: {
    maxWidth: '760px',
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
  },
  card: { padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
});

/** /terms: blank layout, reachable signed in or out (the registration form links here). */
export default function TermsPage() {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  useDocumentTitle(t('terms.title'));
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <LanguageDropdown />
      </div>
      <main className={styles.main}>
        <Card className={styles.card}>
          <Title2 as="h1">{t('terms.title')}</Title2>
          <TermsContent />
        </Card>
      </main>
    </div>
  );
}
