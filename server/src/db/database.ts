/**
 * The Kysely database type: every table of every area. Each area declares its tables in its
 * own `<area>.table.ts`; this file only joins them.
 */
import type { AuditTables } from '../audit/audit.table';
import type { AuthTables } from '../auth/auth.table';
import type { CatalogTables } from '../catalog/catalog.table';
import type { ConnectionTables } from '../connections/connections.table';
import type { CurrencyTables } from '../currency/currency.table';
import type { BusinessDetailsTables } from '../documents/business-details.table';
import type { IssueTables } from '../issues/issues.table';
import type { MemoTables } from '../memos/memos.table';
import type { OrderTables } from '../orders/orders.table';
import type { OtzOrderTables } from '../otz-orders/otz-orders.table';
import type { PreferenceTables } from '../preferences/preferences.table';
import type { ProductTables } from '../products/products.table';
import type { StockTables } from '../products/stock.table';
import type { SalesTables } from '../sales/sales.table';
import type { ShipmentTables } from '../shipments/shipments.table';
import type { SimulationTables } from '../simulations/simulations.table';
import type { SyncTables } from '../sync/sync.table';
import type { UserTables } from '../users/users.table';
import type { DbTables } from './db.table';

export interface Database
  extends
    DbTables,
    UserTables,
    AuthTables,
    AuditTables,
    PreferenceTables,
    CatalogTables,
    ProductTables,
    StockTables,
    IssueTables,
    MemoTables,
    OrderTables,
    CurrencyTables,
    OtzOrderTables,
    ShipmentTables,
    SimulationTables,
    SalesTables,
    SyncTables,
    ConnectionTables,
    BusinessDetailsTables {}
