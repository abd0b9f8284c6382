/**
 * The pick list: what a picker takes from the shelves for a set of orders. One grouping serves
 * the printable screen and the PDF, so the two never disagree: shelves in natural order (A-2
 * before A-10), products without a shelf last, each product once with its total and the orders
 * it goes to.
 */

/** One order line as the pick list reads it (an order row is one product of one order). */
export interface PickLine {
  /** The platform's order id, as people read it (an order of several lines has several rows). */
  orderId: string;
  productId: string;
  name: string;
  nameJa: string | null;
  sku: string;
  jan: string;
  shelf: string | null;
  quantity: number;
}

export interface PickOrder {
  orderId: string;
  quantity: number;
}

export interface PickProduct {
  productId: string;
  name: string;
  nameJa: string | null;
  sku: string;
  jan: string;
  quantity: number;
  orders: PickOrder[];
}

export interface PickShelf {
  /** Null: the products that have no shelf number. */
  shelf: string | null;
  units: number;
  products: PickProduct[];
}

export interface PickList {
  shelves: PickShelf[];
  /** Distinct platform order ids. */
  orders: number;
  units: number;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Natural order: runs of digits compare as numbers (A-2 before A-10, B1 before B02 before B3),
 * letters without regard to case. Texts the collator calls equal fall back to their code
 * points, so the order is total and the same on every machine.
 */
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A shelf as typed: blank means none. */
const shelfOf = (shelf: string | null) => (shelf === null || shelf.trim() === '' ? null : shelf.trim());

export function groupPickList(lines: readonly PickLine[]): PickList {
  const shelves = new Map<string | null, Map<string, PickProduct>>();
  const orderIds = new Set<string>();
  let units = 0;
  for (const line of lines) {
    orderIds.add(line.orderId);
    units += line.quantity;
    const shelf = shelfOf(line.shelf);
    let products = shelves.get(shelf);
    if (!products) shelves.set(shelf, (products = new Map()));
    let product = products.get(line.productId);
    if (!product) {
      const { productId, name, nameJa, sku, jan } = line;
      product = { productId, name, nameJa, sku, jan, quantity: 0, orders: [] };
      products.set(line.productId, product);
    }
    product.quantity += line.quantity;
    // Two rows of one order for one product are one entry for the picker.
    const order = product.orders.find((o) => o.orderId === line.orderId);
    if (order) order.quantity += line.quantity;
    else product.orders.push({ orderId: line.orderId, quantity: line.quantity });
  }
  const grouped = [...shelves].map(([shelf, products]): PickShelf => {
    const list = [...products.values()].sort(
      (a, b) => compareNatural(a.sku, b.sku) || compareNatural(a.productId, b.productId),
    );
    for (const product of list) product.orders.sort((a, b) => compareNatural(a.orderId, b.orderId));
    return { shelf, units: list.reduce((sum, p) => sum + p.quantity, 0), products: list };
  });
  grouped.sort((a, b) => {
    if (a.shelf === null || b.shelf === null) return a.shelf === null ? (b.shelf === null ? 0 : 1) : -1;
    return compareNatural(a.shelf, b.shelf);
  });
  return { shelves: grouped, orders: orderIds.size, units };
}
