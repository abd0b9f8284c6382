/**
 * The Kysely database type: every table of every area. Each area declares its tables in its
 * own `<area>.table.ts`; this file only joins them.
 */
import type { CoreTables } from './core.table';
import type { CatalogTables } from '../catalog/catalog.table';
import type { IssueTables } from '../issues/issues.table';
import type { MemoTables } from '../memos/memos.table';
import type { OrderTables } from '../orders/orders.table';
import type { OtzOrderTables } from '../otz-orders/otz-orders.table';
import type { SalesTables } from '../sales/sales.table';
import type { ShipmentTables } from '../shipments/shipments.table';

export interface Database
  extends
    CoreTables,
    CatalogTables,
    IssueTables,
    MemoTables,
    OrderTables,
    OtzOrderTables,
    ShipmentTables,
    SalesTables {}
