/** A from/to pair of date fields over one `from..to` list filter; each end commits once it is a date or empty. */
import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { DateField } from './date-field';
import { dateRangeOf, dateRangeText } from './date-range';
import { dateOfValue } from './date-text';

// Fluent's date input has an intrinsic width of its own; the field sets it.
const useStyles = makeStyles({ date: { width: '150px', '& .fui-Input': { width: '100%', minWidth: 0 } } });

const complete = (v: string | null) => v === null || dateOfValue(v) !== null;

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
  const range = dateRangeOf(value);
  const [from, setFrom] = useState<string | null>(range.from ?? null);
  const [to, setTo] = useState<string | null>(range.to ?? null);
  // Back, reload or a cleared filter: the fields follow the URL.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setFrom(range.from ?? null);
    setTo(range.to ?? null);
  }
  const commit = (nextFrom: string | null, nextTo: string | null) => {
    if (complete(nextFrom) && complete(nextTo)) onChange(dateRangeText(nextFrom, nextTo));
  };
  return (
    <>
      <DateField
        className={styles.date}
        label={fromLabel}
        value={from}
        onChange={(v) => {
          setFrom(v);
          commit(v, to);
        }}
      />
      <DateField
        className={styles.date}
        label={toLabel}
        value={to}
        onChange={(v) => {
          setTo(v);
          commit(from, v);
        }}
      />
    </>
  );
}
