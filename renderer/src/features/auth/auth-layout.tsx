/** The blank layout of the signed-out screens: page content only, no chrome. */
import { Body1, Caption1, makeStyles, mergeClasses, Title3, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { LanguageDropdown } from '../shell/language-dropdown';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    background: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground2} 45%, ${tokens.colorNeutralBackground3} 100%)`,
  },
  top: { display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  main: {
    flex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
  },
  // Drawn here rather than with Fluent's Card: the Card brings its focus-management library
  // (about 45 KB) to the sign-in form, which has no use for it.
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    width: '100%',
    maxWidth: '420px',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxShadow: tokens.shadow16,
  },
  wide: { maxWidth: '520px' },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalS,
  },
  mark: {
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '22px',
  },
  subtitle: { color: tokens.colorNeutralForeground2 },
  footer: { textAlign: 'center', padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

export function AuthLayout({
  title,
  subtitle,
  wide,
  children,
}: {
  title: string;
  subtitle?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <LanguageDropdown />
      </div>
      <main className={styles.main}>
        <div className={mergeClasses(styles.card, wide && styles.wide)}>
          <div className={styles.brand}>
            <div className={styles.mark} aria-hidden="true">
              蔵
            </div>
            <div>
              <Title3 as="h1" block>
                {title}
              </Title3>
              <Body1 className={styles.subtitle}>{subtitle ?? t('welcome')}</Body1>
            </div>
          </div>
          {children}
        </div>
      </main>
      <footer className={styles.footer}>
        <Caption1>{t('copyright', { year: new Date().getFullYear() })}</Caption1>
      </footer>
    </div>
  );
}
