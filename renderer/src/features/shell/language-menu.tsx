/**
 * The language menu itself: Fluent's Menu brings its positioning code, so it is a chunk of its
 * own that the language button loads on the first hover, focus or click (language-dropdown.tsx).
 */
import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactElement } from 'react';
import { LANGUAGES } from '#shared/constants';
import { isLanguage } from '../../i18n/language';
import { changeLanguageAtom, languageAtom } from '../../i18n/language.atoms';
import { LANGUAGE_NAMES } from './language-names';

/**
 * Mounted by the first click on the button, so it opens once mounted: after the trigger is in
 * the page, so the popover has something to be placed against.
 */
export default function LanguageMenu({ trigger }: { trigger: ReactElement }) {
  const language = useAtomValue(languageAtom);
  const changeLanguage = useSetAtom(changeLanguageAtom);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Menu
      open={open}
      onOpenChange={(_e, data) => setOpen(data.open)}
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_e, { checkedItems }) => {
        const next = checkedItems[0];
        if (isLanguage(next)) void changeLanguage(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
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
