/**
 * Every migration, in order. A static list (not a folder scan) so it works the same from
 * sources (tsx), from a bundle (Electron main) and in tests. Names never change once shipped.
 */
import type { Migration } from 'kysely/migration';
import * as core from './001_core';
import * as catalog from './002_catalog';
import * as issuesMemos from './003_issues_memos';
import * as listEngine from './004_list_engine';
import * as exportColumns from './005_export_columns';
import * as exportRecords from './006_export_records';
import * as auditHistory from './007_audit_history';
import * as orders from './008_orders';
import * as otzOrders from './009_otz_orders';
import * as shipments from './010_shipments';
import * as otzSearch from './011_otz_search';
import * as exchangeRates from './012_exchange_rates';
import * as simulations from './013_simulations';
import * as sales from './014_sales';
import * as orderCustomerSearch from './015_order_customer_search';
import * as orderSearchWalk from './016_order_search_walk';
import * as matchCache from './017_match_cache';
import * as matchCacheOrder from './018_match_cache_order';
import * as listVersionsInOrder from './019_list_versions_in_order';
import * as wideSums from './019_wide_sums';
import * as orderCounts from './020_order_counts';
import * as dropMatchCache from './021_drop_match_cache';
import * as orderWalkTabs from './022_order_walk_tabs';
import * as orderSearchKeysFilters from './023_order_search_keys_filters';
import * as orderSearchKeysEverywhere from './024_order_search_keys_everywhere';
import * as salesDailyKnownSales from './025_sales_daily_known_sales';
import * as saleSortValues from './026_sale_sort_values';
import * as productOrderTotals from './027_product_order_totals';
import * as searchKeysFilterGin from './028_search_keys_filter_gin';
import * as syncChanges from './029_sync_changes';
import * as shipmentVersions from './030_shipment_versions';
import * as connections from './031_connections';
import * as productCustoms from './032_product_customs';
import * as businessDetails from './033_business_details';
import * as orderShippingDateSort from './034_order_shipping_date_sort';

export const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_catalog': catalog,
  '003_issues_memos': issuesMemos,
  '004_list_engine': listEngine,
  '005_export_columns': exportColumns,
  '006_export_records': exportRecords,
  '007_audit_history': auditHistory,
  '008_orders': orders,
  '009_otz_orders': otzOrders,
  '010_shipments': shipments,
  '011_otz_search': otzSearch,
  '012_exchange_rates': exchangeRates,
  '013_simulations': simulations,
  '014_sales': sales,
  '015_order_customer_search': orderCustomerSearch,
  '016_order_search_walk': orderSearchWalk,
  '017_match_cache': matchCache,
  '018_match_cache_order': matchCacheOrder,
  '019_list_versions_in_order': listVersionsInOrder,
  '019_wide_sums': wideSums,
  '020_order_counts': orderCounts,
  '021_drop_match_cache': dropMatchCache,
  '022_order_walk_tabs': orderWalkTabs,
  '023_order_search_keys_filters': orderSearchKeysFilters,
  '024_order_search_keys_everywhere': orderSearchKeysEverywhere,
  '025_sales_daily_known_sales': salesDailyKnownSales,
  '026_sale_sort_values': saleSortValues,
  '027_product_order_totals': productOrderTotals,
  '028_search_keys_filter_gin': searchKeysFilterGin,
  '029_sync_changes': syncChanges,
  '030_shipment_versions': shipmentVersions,
  '031_connections': connections,
  '032_product_customs': productCustoms,
  '033_business_details': businessDetails,
  '034_order_shipping_date_sort': orderShippingDateSort,
};
