import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** The sections of auth.json's terms, in order. */
export const TERMS_SECTIONS = [
  'scope',
  'accounts',
  'security',
  'data',
  'use',
  'audit',
  'availability',
  'ending',
  'contact',
] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function TermsContent() {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  return (
    <div className={styles.root}>
      <Caption1 className={styles.muted}>{t('terms.updated')}</Caption1>
      <Body1>{t('terms.intro')}</Body1>
      {TERMS_SECTIONS.map((section, index) => (
        <section key={section} className={styles.section}>
          <Subtitle2 as="h2">
            {index + 1}. {t(`terms.sections.${section}.title`)}
          </Subtitle2>
          <Body1>{t(`terms.sections.${section}.body`)}</Body1>
        </section>
      ))}
    </div>
  );
}
