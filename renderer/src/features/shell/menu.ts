/**
 * The side menu per role and brand and the page table that names every route
 * for the subheader's title and breadcrumbs. Pure data, tested in Node.
 */
import type { Role } from '#shared/constants';
import type { OrderKind } from '#shared/notifications/notification-items';

/** i18next key with its namespace, e.g. `ordermanagement:title`. */
export type LabelKey = `${string}:${string}`;

export type MenuIcon =
  | 'orders'
  | 'combine'
  | 'products'
  | 'otz'
  | 'sales'
  | 'issues'
  | 'advance'
  | 'simulator'
  | 'request'
  | 'memo'
  | 'settings'
  | 'users'
  | 'history'
  | 'orderEntry'
  | 'import'
  | 'shipment'
  | 'packing';

/** The kind of new orders that puts a dot on the entry (the notification state's flags). */
export type DotFlag = OrderKind;

export interface MenuLink {
  kind: 'link';
  path: string;
  label: LabelKey;
  icon: MenuIcon;
  dot?: DotFlag;
}
export interface MenuHeading {
  kind: 'heading';
  label: LabelKey;
}
export type MenuEntry = MenuLink | MenuHeading;

const link = (path: string, label: LabelKey, icon: MenuIcon, dot?: DotFlag): MenuLink =>
  dot ? { kind: 'link', path, label, icon, dot } : { kind: 'link', path, label, icon };

const ORDER_ENTRY = link('/orderentryform', 'orderentry:title', 'orderEntry');
const SHIPMENT = link('/shipment', 'shipment:title', 'shipment');
const PACKING = link('/packing', 'packing:title', 'packing');

/**
 * The menu of a role on a brand. It is every screen the role may use: the route guard
 * ({@link mayOpen}) reads it. On the main brand an administrator finds order entry beside order
 * management and the shipments (where customs are entered) beside Combine orders; the
 * restricted brand keeps its own order (no OTZ; order entry and shipments last).
 */
export function menuFor(role: Role, restrictedBrand: boolean): MenuEntry[] {
  if (role === 'orderCreator') return [ORDER_ENTRY, PACKING, SHIPMENT];
  return [
    link('/shipping-management', 'ordermanagement:title', 'orders', 'platform'),
    PACKING,
    ...(restrictedBrand ? [] : [ORDER_ENTRY]),
    link('/order-amalgamation', 'ordershipment:title', 'combine'),
    ...(restrictedBrand ? [] : [SHIPMENT]),
    link('/products', 'product:title', 'products'),
    ...(restrictedBrand ? [] : [link('/otz', 'otzorder:title', 'otz', 'otz')]),
    link('/sales-management', 'salesmanagement:title', 'sales'),
    link('/issues', 'issues:title', 'issues'),
    link('/AdvanceOrder', 'shell:pages.advanceOrders', 'advance'),
    link('/Simulator', 'shell:pages.simulator', 'simulator'),
    link('/newproductrequest', 'shell:pages.productRequests', 'request'),
    link('/memo', 'shell:pages.memo', 'memo'),
    link('/order-import', 'orderimport:title', 'import'),
    { kind: 'heading', label: 'shell:menu.settingsHeading' },
    link('/settings', 'setting:title', 'settings'),
    link('/users', 'users:title', 'users'),
    link('/audit-log', 'shell:pages.auditLog', 'history'),
    ...(restrictedBrand ? [ORDER_ENTRY, SHIPMENT] : []),
  ];
}

export const menuLinks = (entries: readonly MenuEntry[]) =>
  entries.filter((e): e is MenuLink => e.kind === 'link');

interface PageInfo {
  title: LabelKey;
  /** The page a breadcrumb trail passes through, when it is not the path's own prefix. */
  parent?: string;
  /** Open to every signed-in role, menu or not (one's own profile). */
  everyone?: true;
}

/** Every signed-in route (including /users and /memo), with its title. */
export const PAGES: Readonly<Record<string, PageInfo>> = {
  '/shipping-management': { title: 'ordermanagement:title' },
  '/pick-list': { title: 'ordermanagement:pickList.title', parent: '/shipping-management' },
  '/order-amalgamation': { title: 'ordershipment:title' },
  '/products': { title: 'product:title' },
  '/products/new': { title: 'addproduct:title', parent: '/products' },
  '/product-edit': { title: 'addproduct:updateTitle', parent: '/products' },
  '/otz': { title: 'otzorder:title' },
  '/ot-sales-management': { title: 'otzsales:title', parent: '/otz' },
  '/sales-management': { title: 'salesmanagement:title' },
  '/issues': { title: 'issues:title' },
  '/AdvanceOrder': { title: 'shell:pages.advanceOrders' },
  '/Simulator': { title: 'shell:pages.simulator' },
  '/newproductrequest': { title: 'shell:pages.productRequests' },
  '/settings': { title: 'setting:title' },
  '/settings/category': { title: 'setting:category.title', parent: '/settings' },
  '/settings/Manufacturer': { title: 'setting:manufacturer.title', parent: '/settings' },
  '/settings/supplier': { title: 'setting:supplier.title', parent: '/settings' },
  '/settings/shippingMethod': { title: 'setting:shippingMethod.title', parent: '/settings' },
  '/settings/handling-charges': { title: 'setting:handlingCharges.title', parent: '/settings' },
  '/settings/exchange-rates': { title: 'setting:exchangeRates.title', parent: '/settings' },
  '/settings/connections': { title: 'setting:connections.title', parent: '/settings' },
  '/settings/business-details': { title: 'setting:business.title', parent: '/settings' },
  '/users': { title: 'users:title' },
  '/audit-log': { title: 'shell:pages.auditLog' },
  '/orderentryform': { title: 'orderentry:title' },
  '/shipment': { title: 'shipment:title' },
  '/packing': { title: 'packing:title' },
  '/memo': { title: 'shell:pages.memo' },
  '/order-import': { title: 'orderimport:title' },
  '/user/profile': { title: 'shell:pages.profile', everyone: true },
};

/** Paths are matched as the router does: case-insensitively, ignoring a trailing slash. */
function findPage(pathname: string): [string, PageInfo] | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return Object.entries(PAGES).find(([path]) => path.toLowerCase() === wanted);
}

export interface Crumb {
  path: string;
  label: LabelKey;
}

/** Title and trail (without the home link, which is always first) of the page at `pathname`. */
export function pageTrail(pathname: string): { title: LabelKey; trail: Crumb[] } | undefined {
  const found = findPage(pathname);
  if (!found) return undefined;
  const trail: Crumb[] = [];
  let current: [string, PageInfo] | undefined = found;
  while (current) {
    trail.unshift({ path: current[0], label: current[1].title });
    const parent: string | undefined = current[1].parent;
    current = parent ? findPage(parent) : undefined;
  }
  return { title: found[1].title, trail };
}

/** The menu entry to highlight: the page's own, or the nearest one up its trail. */
export function activeMenuPath(pathname: string, entries: readonly MenuEntry[]): string | undefined {
  const links = menuLinks(entries).map((l) => l.path);
  const trail = pageTrail(pathname)?.trail ?? [];
  return [...trail].reverse().find((crumb) => links.includes(crumb.path))?.path;
}

/** Where `/` leads. */
export const homePathFor = (role: Role) =>
  role === 'orderCreator' ? '/orderentryform' : '/shipping-management';

/**
 * Whether a role may use the page at `pathname` on this brand: it may when the page, or a page
 * up its trail, is on that role's menu of that brand, or the page is open to everyone (so
 * `/otz`, off the restricted brand's menu, does not open there by address either). Unknown
 * paths are left to the not-found page. The menu is the one table of who sees what, so a
 * screen never decides this on its own.
 */
export function mayOpen(role: Role, pathname: string, restrictedBrand: boolean): boolean {
  const found = findPage(pathname);
  if (!found) return true;
  if (found[1].everyone) return true;
  const links = new Set(menuLinks(menuFor(role, restrictedBrand)).map((l) => l.path.toLowerCase()));
  return (pageTrail(pathname)?.trail ?? []).some((crumb) => links.has(crumb.path.toLowerCase()));
}
