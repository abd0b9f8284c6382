import { describe, expect, it } from 'vitest';
import { activeMenuPath, homePathFor, mayOpen, menuFor, menuLinks, PAGES, pageTrail } from './menu';

const paths = (role: 'admin' | 'orderCreator', restricted: boolean) =>
  menuLinks(menuFor(role, restricted)).map((l) => l.path);

describe('side menu', () => {
  it('gives admin entries 1–10 with the packing station, order entry and shipments beside the orders, Memo and the order import above Settings and Users, with OTZ, on the normal brand', () => {
    expect(paths('admin', false)).toEqual([
      '/shipping-management',
      '/packing',
      '/orderentryform',
      '/order-amalgamation',
      '/shipment',
      '/products',
      '/otz',
      '/sales-management',
      '/issues',
      '/AdvanceOrder',
      '/Simulator',
      '/newproductrequest',
      '/memo',
      '/order-import',
      '/settings',
      '/users',
      '/audit-log',
    ]);
  });

  it('hides OTZ and puts order entry and shipments last for admin on the restricted brand', () => {
    const restricted = paths('admin', true);
    expect(restricted).not.toContain('/otz');
    // The restricted brand's menu as it always was: order entry and shipments last, once.
    expect(restricted).toEqual([
      '/shipping-management',
      '/packing',
      '/order-amalgamation',
      '/products',
      '/sales-management',
      '/issues',
      '/AdvanceOrder',
      '/Simulator',
      '/newproductrequest',
      '/memo',
      '/order-import',
      '/settings',
      '/users',
      '/audit-log',
      '/orderentryform',
      '/shipment',
    ]);
  });

  it('puts a Settings heading before /settings', () => {
    const entries = menuFor('admin', false);
    const settings = entries.findIndex((e) => e.kind === 'link' && e.path === '/settings');
    expect(entries[settings - 1]).toEqual({ kind: 'heading', label: 'shell:menu.settingsHeading' });
  });

  it('gives orderCreator order entry, the packing station and shipments only, whatever the brand', () => {
    expect(paths('orderCreator', false)).toEqual(['/orderentryform', '/packing', '/shipment']);
    expect(paths('orderCreator', true)).toEqual(['/orderentryform', '/packing', '/shipment']);
  });

  it('marks the dot badges on order management and OTZ', () => {
    const dots = menuLinks(menuFor('admin', false)).filter((l) => l.dot);
    expect(dots.map((l) => [l.path, l.dot])).toEqual([
      ['/shipping-management', 'platform'],
      ['/otz', 'otz'],
    ]);
  });

  it('sends / to the role home', () => {
    expect(homePathFor('admin')).toBe('/shipping-management');
    expect(homePathFor('orderCreator')).toBe('/orderentryform');
  });
});

describe('breadcrumbs', () => {
  it('derives title and trail of a top-level page', () => {
    expect(pageTrail('/products')).toEqual({
      title: 'product:title',
      trail: [{ path: '/products', label: 'product:title' }],
    });
  });

  it('passes through the parent of a sub-page, also when it is not a path prefix', () => {
    expect(pageTrail('/settings/category')?.trail.map((c) => c.path)).toEqual([
      '/settings',
      '/settings/category',
    ]);
    expect(pageTrail('/product-edit')?.trail.map((c) => c.path)).toEqual(['/products', '/product-edit']);
  });

  it('matches like the router: any case, trailing slash', () => {
    expect(pageTrail('/settings/manufacturer/')?.title).toBe('setting:manufacturer.title');
    expect(pageTrail('/nowhere')).toBeUndefined();
  });

  it('highlights the nearest menu entry up the trail', () => {
    const admin = menuFor('admin', false);
    expect(activeMenuPath('/settings/supplier', admin)).toBe('/settings');
    expect(activeMenuPath('/products/new', admin)).toBe('/products');
    expect(activeMenuPath('/memo', admin)).toBe('/memo');
    expect(activeMenuPath('/nowhere', admin)).toBeUndefined();
    expect(activeMenuPath('/shipment', menuFor('orderCreator', false))).toBe('/shipment');
  });
});

describe('who may open a page (derived from the menu)', () => {
  it('lets an admin open every page of the table on the main brand, each one reachable from the menu', () => {
    for (const path of Object.keys(PAGES)) expect(mayOpen('admin', path, false), path).toBe(true);
    const menu = menuFor('admin', false);
    const unreachable = Object.keys(PAGES).filter(
      (path) => !PAGES[path]?.everyone && activeMenuPath(path, menu) === undefined,
    );
    expect(unreachable).toEqual([]);
  });

  it('lets an admin on the restricted brand open what its menu shows, and not OTZ by address', () => {
    const closed = Object.keys(PAGES).filter((path) => !mayOpen('admin', path, true));
    expect(closed.sort()).toEqual(['/ot-sales-management', '/otz']);
    expect(mayOpen('admin', '/OTZ/', true)).toBe(false);
    expect(mayOpen('admin', '/otz', false)).toBe(true);
  });

  it('keeps an orderCreator to order entry, packing, shipments and their own profile, on either brand', () => {
    for (const restricted of [false, true]) {
      const open = Object.keys(PAGES).filter((path) => mayOpen('orderCreator', path, restricted));
      expect(open.sort()).toEqual(['/orderentryform', '/packing', '/shipment', '/user/profile']);
    }
    expect(mayOpen('orderCreator', '/products', false)).toBe(false);
    expect(mayOpen('orderCreator', '/product-edit', false)).toBe(false);
    expect(mayOpen('orderCreator', '/settings/category', false)).toBe(false);
  });

  it('matches paths as the router does and leaves unknown paths to the not-found page', () => {
    expect(mayOpen('orderCreator', '/PRODUCTS/', false)).toBe(false);
    expect(mayOpen('orderCreator', '/no-such-page', false)).toBe(true);
  });
});
