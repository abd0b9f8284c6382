/**
 * A record's fields as label and value, side by side: the layout of every drawer and details
 * dialog (an order, a shipment, a product, an OTZ order, the user's profile).
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** One field: its label, and its value as the screen shows it. */
export type DetailItem = readonly [label: string, value: ReactNode];

const useStyles = makeStyles({
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export function DetailList({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  const styles = useStyles();
  return (
    <dl className={mergeClasses(styles.list, className)}>
      {items.map(([label, value]) => (
        // A label and its value in one element, so the pair has one key.
        <div key={label} style={{ display: 'contents' }}>
          <dt className={styles.term}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
