/**
 * A from/to pair of date fields over one `from..to` list filter. The range is committed (and the
 * list asked again) only when both ends are calendar days or empty, in order: anything else stays
 * in its field with a message on it, and the list and its counts keep the last range that was
 * good. A field says what is wrong once the user has left it (not under the cursor while a date
 * is half typed), or at once when the text came from the address.
 */
import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';
import {
  checkDateRange,
  dateRangeEnds,
  dateRangeText,
  isRangeSendable,
  type DateRangeProblem,
} from './date-range';
import { useDateDisplay } from './use-date-display';

// Fluent's date input has an intrinsic width of its own; the field sets it.
const useStyles = makeStyles({ date: { width: '150px', '& .fui-Input': { width: '100%', minWidth: 0 } } });

type End = 'from' | 'to';

const fieldsOf = (value: string) => {
  const ends = dateRangeEnds(value);
  return { from: ends.from || null, to: ends.to || null };
};

export function DateRangeFilter({
  fromLabel,
  toLabel,
  value,
  onChange,
}: {
  fromLabel: string;
  toLabel: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { dateFormat } = useDateDisplay();
  const [fields, setFields] = useState(() => fieldsOf(value));
  // Which fields say what is wrong: those left once, and those filled from the address.
  const [shown, setShown] = useState(() => ({ from: !!fields.from, to: !!fields.to }));
  // Back, reload or a cleared filter: the fields follow the URL. Not the range these fields sent
  // themselves: the router applies it in a transition, which on a busy machine lands after the
  // user typed on in the other field, and following it would wipe that text.
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (seen !== value) {
    setSeen(value);
    // Seen once: coming back to that range later (Back) is the URL's doing again.
    if (value === sent) setSent(null);
    else {
      const next = fieldsOf(value);
      setFields(next);
      setShown({ from: !!next.from, to: !!next.to });
    }
  }
  const check = checkDateRange(fields.from, fields.to);
  const change = (end: End, text: string | null) => {
    const next = { ...fields, [end]: text };
    setFields(next);
    if (isRangeSendable(checkDateRange(next.from, next.to))) {
      const range = dateRangeText(next.from, next.to);
      setSent(range);
      onChange(range);
    }
  };
  const message = (problem: DateRangeProblem | undefined) =>
    problem === 'notADate'
      ? t('dateRange.notADate', { format: dateFormat })
      : problem === 'beforeFrom'
        ? t('dateRange.beforeFrom')
        : undefined;
  const field = (end: End, label: string, problem: DateRangeProblem | undefined) => (
    <DateField
      className={styles.date}
      label={label}
      value={fields[end]}
      onChange={(v) => change(end, v)}
      onBlur={() => setShown((s) => (s[end] ? s : { ...s, [end]: true }))}
      // A reversed range is as much the start's doing: it shows once either field was left.
      validationMessage={
        shown[end] || (problem === 'beforeFrom' && shown.from) ? message(problem) : undefined
      }
    />
  );
  return (
    <>
      {field('from', fromLabel, check.from)}
      {field('to', toLabel, check.to)}
    </>
  );
}
