/**
 * The date field of every form (release dates now; order, shipping and received dates later),
 * over Fluent's date picker. The form's value is the source of truth for the text: what was
 * typed stays on screen even when it is not a date (the picker alone would snap back to the last
 * valid date and drop it), the form's schema gives the field's own message, and a real date
 * reaches the form as YYYY-MM-DD whether typed or picked on the calendar.
 */
import { Field } from '@fluentui/react-components';
import {
  renderDatePicker_unstable,
  useDatePicker_unstable,
  useDatePickerStyles_unstable,
  type DatePickerProps,
} from '@fluentui/react-datepicker-compat';
import { DateTime } from 'luxon';
import { forwardRef, useMemo, useState } from 'react';
import { DATE_FORMATS } from './date-display';
import { DATE_FORMAT, dateFieldValue, dateOfValue, parseDateText } from './date-text';
import { useDateDisplay } from './use-date-display';

const toValue = (date: Date) => DateTime.fromJSDate(date).toFormat(DATE_FORMAT);

/** Fluent's picker with its text shown from `text` rather than from its last valid date. */
const TextKeepingDatePicker = forwardRef<HTMLInputElement, DatePickerProps & { text: string }>(
  ({ text, ...props }, ref) => {
    const picker = useDatePicker_unstable(props, ref);
    const state = { ...picker, root: { ...picker.root, value: text } };
    useDatePickerStyles_unstable(state);
    return renderDatePicker_unstable(state);
  },
);
TextKeepingDatePicker.displayName = 'TextKeepingDatePicker';

export interface DateFieldProps {
  label: string;
  /** The form's value: YYYY-MM-DD, null, or text that is not (yet) a date. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Leaving the field: a form validates the date here. */
  onBlur?: () => void;
  /** The form's message for this field, already translated. */
  validationMessage?: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  className?: string;
}

export function DateField({
  label,
  value,
  onChange,
  onBlur,
  validationMessage,
  required,
  hint,
  placeholder,
  className,
}: DateFieldProps) {
  // One Date object per value: the picker resets its text whenever `value` changes identity.
  const date = useMemo(() => dateOfValue(value), [value]);
  // While the user types, their text as it is ("2026/11/1" is not rewritten under the cursor);
  // after, the form's value: the date as YYYY-MM-DD, or the text that is not a date.
  const [typing, setTyping] = useState<string | null>(null);
  // Shown and typed in the user's date format; the form's value stays YYYY-MM-DD.
  const { dateFormat } = useDateDisplay();
  const shown = DATE_FORMATS[dateFormat];
  const formatDate = (picked?: Date) => (picked ? DateTime.fromJSDate(picked).toFormat(shown) : '');
  const valueText = date ? formatDate(date) : (value ?? '');
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      validationMessage={validationMessage}
      className={className}
    >
      <TextKeepingDatePicker
        allowTextInput
        text={typing ?? valueText}
        placeholder={placeholder ?? dateFormat}
        value={date}
        formatDate={formatDate}
        parseDateFromString={(text) => parseDateText(text, shown)?.toJSDate() ?? null}
        onChange={(_e, data) => {
          setTyping(data.value);
          onChange(dateFieldValue(data.value, shown));
        }}
        // A date picked on the calendar. The picker also calls this with null (or its last
        // date) when it rejects typed text; the typed text is already the form's value.
        onSelectDate={(picked) => {
          if (!picked) return;
          setTyping(null);
          onChange(toValue(picked));
        }}
        onBlur={() => {
          setTyping(null);
          onBlur?.();
        }}
      />
    </Field>
  );
}
