/**
 * The one table of every screen. It scrolls inside its own frame so that the header stays
 * on top while the rows scroll and the first column stays put while they scroll sideways;
 * columns are as wide as their content, headers wrap rather than widen a column, long text is
 * cut with an ellipsis and shown whole on hover or keyboard focus, numbers are right-aligned
 * (a column of one currency names it once, in its header), and a row can open (double-click,
 * or Enter on the focused row).
 */
import {
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
  type TableCellProps,
} from '@fluentui/react-components';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { sortDirectionOf } from './list-screen/list-state';

export type AppTableCellProps = Partial<TableCellProps>;

export interface TableColumn<Row> {
  key: string;
  /** The header text, which is also the column's name in the column chooser. */
  header: string;
  /** Drawn in the header cell instead of the text (a select-all checkbox named by the text). */
  headerContent?: ReactNode;
  /** The spec's sort field a header click sorts by; left out, the header is plain. */
  sort?: string;
  /** The first direction a click sorts in; A to Z unless said otherwise. */
  sortFirst?: 'asc' | 'desc';
  /** Right-aligned with figures of equal width, header included. */
  numeric?: boolean;
  /**
   * The currency sign every cell of the column is in (`¥`), said once after the header
   * instead of in each cell: a sign per cell made the money columns too wide to fit.
   */
  unit?: string;
  /** Text longer than this width (CSS, e.g. `220px`) is cut, and shown whole on hover/focus. */
  truncate?: string;
  /** Header and cells. */
  className?: string;
  headerClassName?: string;
  cell: (row: Row) => ReactNode;
  /** Extra cell properties (a tooltip, an editor's handlers). */
  cellProps?: (row: Row) => AppTableCellProps;
  /** The chooser cannot hide it (the column a row is opened by). */
  alwaysShown?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  defaultHidden?: boolean;
}

/** A row's background; the table keeps its text and the pinned first cell readable on it. */
export type RowTone = 'warning' | 'muted';

export interface AppTableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  rowTone?: (row: Row) => RowTone | undefined;
  /** Double-click or Enter on a focused row (a row's edit form). */
  onOpenRow?: (row: Row) => void;
  /** The sort in force (`field` or `-field`) and what a header click does. */
  sort?: { current: string; by: (field: string, first?: 'asc' | 'desc') => void };
  busy?: boolean;
  size?: 'small' | 'medium';
  className?: string;
  /** The tallest the frame grows before its rows scroll (CSS); a screen-high default. */
  maxHeight?: string;
  /**
   * The frame takes keyboard focus (a region named by `label`), so rows that scroll can be
   * scrolled from the keyboard: for tables with nothing focusable in their rows.
   */
  focusableFrame?: boolean;
}

const useStyles = makeStyles({
  frame: {
    overflow: 'auto',
    maxHeight: 'max(320px, calc(100vh - 290px))',
    minWidth: 0,
    // The sticky header and first column need an opaque page behind them.
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: { tableLayout: 'auto', width: '100%' },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `inset 0 -1px 0 ${tokens.colorNeutralStroke1}`,
  },
  // A long header wraps (at spaces, or between Japanese characters) rather than widening its
  // column past its values: the tables fit a 1280-pixel window with their default columns.
  headCell: { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: tokens.lineHeightBase200 },
  unit: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular, whiteSpace: 'nowrap' },
  row: { backgroundColor: tokens.colorNeutralBackground1 },
  // A small table's cells are a little closer and its headers a size smaller: that let a
  // shipment's eleven columns fit its drawer at 1280 pixels.
  compact: {
    paddingLeft: tokens.spacingHorizontalSNudge,
    paddingRight: tokens.spacingHorizontalSNudge,
  },
  compactHead: { fontSize: tokens.fontSizeBase200 },
  firstHead: {
    position: 'sticky',
    left: 0,
    zIndex: 3,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Inherits the row's colour, tint and hover included, so the rows do not show through.
  firstCell: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: 'inherit',
    boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  numeric: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  numericHead: { justifyContent: 'flex-end', textAlign: 'right' },
  openable: {
    cursor: 'pointer',
    ':focus-visible': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  // Tints whose text colour (the foreground of the same status) keeps 4.5:1 or better.
  warning: {
    backgroundColor: tokens.colorStatusWarningBackground1,
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorStatusWarningBackground2 },
  },
  muted: {
    backgroundColor: tokens.colorNeutralBackground3,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  clip: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: '2px' },
  },
});

/**
 * Text cut to `maxWidth` with an ellipsis. Only when it is really cut does it show the whole
 * text in a tooltip, and become focusable so keyboard users can read it too. Screen readers
 * read the whole text anyway: the cut is only drawn.
 */
export function TruncatedText({
  text,
  maxWidth,
  inFocusable = false,
}: {
  text: string;
  maxWidth: string;
  /** Inside a link or button, which takes the focus (and names itself with the whole text). */
  inFocusable?: boolean;
}) {
  const styles = useStyles();
  const ref = useRef<HTMLSpanElement>(null);
  const [clipped, setClipped] = useState(false);
  const [visible, setVisible] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setClipped(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, maxWidth]);
  return (
    <Tooltip
      content={text}
      relationship="inaccessible"
      visible={clipped && visible}
      onVisibleChange={(_e, data) => setVisible(data.visible)}
    >
      <span
        ref={ref}
        className={styles.clip}
        style={{ maxWidth }}
        tabIndex={clipped && !inFocusable ? 0 : undefined}
        data-clipped={clipped ? 'true' : undefined}
      >
        {text}
      </span>
    </Tooltip>
  );
}

export function AppTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowClassName,
  rowTone,
  onOpenRow,
  sort,
  busy,
  size,
  className,
  maxHeight,
  focusableFrame,
}: AppTableProps<Row>) {
  const styles = useStyles();
  const sortable = sort !== undefined && columns.some((c) => c.sort !== undefined);

  const openOnEnter = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Enter on a link or button inside the row is theirs.
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpenRow?.(row);
    }
  };

  return (
    <div
      className={styles.frame}
      style={maxHeight ? { maxHeight } : undefined}
      {...(focusableFrame ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <Table
        className={mergeClasses(styles.table, className)}
        aria-label={label}
        aria-busy={busy}
        sortable={sortable}
        size={size}
      >
        <TableHeader className={styles.head}>
          <TableRow>
            {columns.map((c, index) => (
              <TableHeaderCell
                key={c.key}
                className={mergeClasses(
                  size === 'small' && styles.compact,
                  size === 'small' && styles.compactHead,
                  index === 0 && styles.firstHead,
                  c.numeric && styles.numeric,
                  c.className,
                  // After the column's classes: a column of unbroken values still wraps its header.
                  styles.headCell,
                  c.headerClassName,
                )}
                button={c.numeric ? { className: styles.numericHead } : undefined}
                sortDirection={sort && c.sort ? sortDirectionOf(sort.current, c.sort) : undefined}
                onClick={sort && c.sort ? () => sort.by(c.sort as string, c.sortFirst) : undefined}
                // Fluent makes every header of a sortable table a button; the others stay plain.
                sortable={sortable ? c.sort !== undefined : undefined}
              >
                {c.headerContent ??
                  (c.unit ? (
                    <span>
                      {c.header} <span className={styles.unit}>({c.unit})</span>
                    </span>
                  ) : (
                    c.header
                  ))}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const tone = rowTone?.(row);
            return (
              <TableRow
                key={rowKey(row)}
                className={mergeClasses(
                  styles.row,
                  tone && styles[tone],
                  onOpenRow && styles.openable,
                  rowClassName?.(row),
                )}
                tabIndex={onOpenRow ? 0 : undefined}
                onDoubleClick={onOpenRow ? () => onOpenRow(row) : undefined}
                onKeyDown={onOpenRow ? openOnEnter(row) : undefined}
              >
                {columns.map((c, index) => {
                  const extra = c.cellProps?.(row);
                  const content = c.cell(row);
                  return (
                    <TableCell
                      key={c.key}
                      {...extra}
                      className={mergeClasses(
                        size === 'small' && styles.compact,
                        index === 0 && styles.firstCell,
                        c.numeric && styles.numeric,
                        c.className,
                        extra?.className,
                      )}
                    >
                      {c.truncate && typeof content === 'string' ? (
                        <TruncatedText text={content} maxWidth={c.truncate} />
                      ) : (
                        content
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
