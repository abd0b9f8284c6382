/**
 * Cells that tables share: a link-like button that opens something, a shipment id that opens
 * its shipment, and the column that chooses rows.
 */
import { Button, Checkbox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AppLink } from './app-link';
import { TruncatedText, type TableColumn } from './app-table';

const useStyles = makeStyles({
  link: {
    padding: 0,
    minWidth: 0,
    height: 'auto',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForegroundLink,
  },
  regular: { justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightRegular },
  select: { width: '40px' },
});

/**
 * A cell's text as a link-like button that opens something (the row's drawer, its product),
 * cut to `maxWidth` and shown whole on hover. `label` names what it opens.
 */
export function CellButton({
  text,
  label,
  maxWidth,
  onClick,
  weight = 'semibold',
}: {
  text: string;
  label: string;
  maxWidth: string;
  onClick: () => void;
  /** Semibold for an id, regular for a name. */
  weight?: 'semibold' | 'regular';
}) {
  const styles = useStyles();
  return (
    <Button
      appearance="transparent"
      className={mergeClasses(styles.link, weight === 'regular' && styles.regular)}
      onClick={onClick}
      aria-label={label}
    >
      <TruncatedText text={text} maxWidth={maxWidth} inFocusable />
    </Button>
  );
}

/** Where a shipment opens: the shipments screen with its drawer open (`open` is its shipment id). */
export const shipmentHref = (shipmentId: string) => `/shipment?open=${encodeURIComponent(shipmentId)}`;

/** A shipment id as a link to its shipment; no shipment reads as a dash. */
export function ShipmentLink({ shipmentId, maxWidth }: { shipmentId: string | null; maxWidth?: string }) {
  if (!shipmentId) return <>—</>;
  return (
    <AppLink to={shipmentHref(shipmentId)}>
      {maxWidth ? <TruncatedText text={shipmentId} maxWidth={maxWidth} inFocusable /> : shipmentId}
    </AppLink>
  );
}

/**
 * The first column of a table whose rows are chosen: a checkbox a row, and one in the header
 * that chooses or clears the page's rows (mixed while only some of them are chosen).
 */
export function useSelectColumn<Row>({
  rows,
  isSelected,
  onToggle,
  onTogglePage,
  header,
  pageLabel,
  rowLabel,
}: {
  /** The page's rows. */
  rows: readonly Row[];
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
  /** The column's name in the column chooser. */
  header: string;
  pageLabel: string;
  rowLabel: (row: Row) => string;
}): TableColumn<Row> {
  const styles = useStyles();
  const onPage = rows.filter(isSelected).length;
  return {
    key: 'select',
    header,
    headerContent: (
      <Checkbox
        aria-label={pageLabel}
        checked={onPage === 0 ? false : onPage === rows.length ? true : 'mixed'}
        onChange={(_e, data) => onTogglePage(data.checked === true)}
      />
    ),
    alwaysShown: true,
    className: styles.select,
    cell: (row) => (
      <Checkbox
        aria-label={rowLabel(row)}
        checked={isSelected(row)}
        onChange={(_e, data) => onToggle(row, data.checked === true)}
      />
    ),
  };
}
