/**
 * The platform filter of the order, shipment and sales screens: every platform (the empty
 * value) or one of `platforms`, each by its name in the user's language.
 */
import { Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, type Platform } from '#shared/constants';
import { Dropdown } from './labelled-controls';

/** The value that stands for every platform. */
export const ALL_PLATFORMS = '';

export function PlatformFilter({
  label,
  allLabel,
  value,
  onChange,
  platforms = PLATFORMS,
  className,
}: {
  label: string;
  /** What the choice of every platform reads. */
  allLabel: string;
  /** A platform code, or {@link ALL_PLATFORMS}. */
  value: string;
  onChange: (value: string) => void;
  platforms?: readonly Platform[];
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Field label={label} className={className}>
      <Dropdown
        value={value ? t(`platforms.${value}`) : allLabel}
        selectedOptions={[value]}
        onOptionSelect={(_e, data) => onChange(data.optionValue ?? ALL_PLATFORMS)}
      >
        <Option value={ALL_PLATFORMS}>{allLabel}</Option>
        {platforms.map((p) => (
          <Option key={p} value={p}>
            {t(`platforms.${p}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
