/**
 * Fluent's controls that name their inner buttons in English whatever the reader's language
 * ("Clear selection", "Open …", "information"), here with those names translated. Screens
 * import these instead of Fluent's own.
 */
import {
  Combobox as FluentCombobox,
  Dropdown as FluentDropdown,
  InfoLabel as FluentInfoLabel,
  type ComboboxProps,
  type DropdownProps,
  type InfoLabelProps,
} from '@fluentui/react-components';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export function Dropdown(props: DropdownProps & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('common');
  return <FluentDropdown clearButton={{ 'aria-label': t('a11y.clearSelection') }} {...props} />;
}

export function Combobox(props: ComboboxProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('common');
  const name = props['aria-label'];
  return (
    <FluentCombobox
      expandIcon={{ 'aria-label': name ? t('a11y.openNamed', { name }) : t('a11y.open') }}
      {...props}
    />
  );
}

export function InfoLabel(props: InfoLabelProps) {
  const { t } = useTranslation('common');
  return <FluentInfoLabel infoButton={{ 'aria-label': t('a11y.information') }} {...props} />;
}
