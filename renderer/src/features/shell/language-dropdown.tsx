import { Button } from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageAtom } from '../../i18n/language.atoms';
import { LANGUAGE_NAMES } from './language-names';

export { LANGUAGE_NAMES };

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * The language button. The sign-in screen shows it before anything else, so it starts as a
 * plain button: the menu's code loads when a pointer or the keyboard reaches it, and a click
 * before then opens the menu as soon as it has arrived.
 */
export function LanguageDropdown({ appearance = 'subtle' }: { appearance?: 'subtle' | 'transparent' }) {
  const { t } = useTranslation('shell');
  const language = useAtomValue(languageAtom);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadMenu().catch(() => {});
  const button = (
    <Button
      appearance={appearance}
      icon={<GlobeRegular />}
      data-testid="language-dropdown"
      aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[language]}`}
      aria-haspopup="menu"
      onPointerEnter={wanted ? undefined : prefetch}
      onFocus={wanted ? undefined : prefetch}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      {LANGUAGE_NAMES[language]}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu trigger={button} />
    </Suspense>
  );
}
