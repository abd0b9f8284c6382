import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/constants';
import { isLanguage } from '../../i18n/language';
import { changeLanguageAtom, languageAtom } from '../../i18n/language.atoms';

/** Each language is named in itself, so a user lost in the other one can still find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ja: '日本語' };

export function LanguageDropdown({ appearance = 'subtle' }: { appearance?: 'subtle' | 'transparent' }) {
  const { t } = useTranslation('shell');
  const language = useAtomValue(languageAtom);
  const changeLanguage = useSetAtom(changeLanguageAtom);
  return (
    <Menu
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_e, { checkedItems }) => {
        const next = checkedItems[0];
        if (isLanguage(next)) void changeLanguage(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance={appearance}
          icon={<GlobeRegular />}
          data-testid="language-dropdown"
          aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[language]}`}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((lng) => (
            <MenuItemRadio key={lng} name="language" value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
