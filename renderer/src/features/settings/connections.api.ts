/** Calls of Settings → Connections: live sync's platform connections (admin only). */
import {
  connectionListSchema,
  connectionResponseSchema,
  connectionRunsSchema,
  connectionSyncStartedSchema,
  connectionTestResultSchema,
  unmatchedGroupsSchema,
  unmatchedMapResultSchema,
  type AmazonConnectionInput,
  type ConnectionKindName,
  type ShopifyConnectionInput,
} from '#shared/schemas/connections';
import { request } from '../../api/http';

export const fetchConnections = () => request('get', 'connections', { schema: connectionListSchema });

export const saveShopifyConnection = (body: ShopifyConnectionInput) =>
  request('put', 'connections/shopify', { json: body, schema: connectionResponseSchema });

export const saveAmazonConnection = (body: AmazonConnectionInput) =>
  request('put', 'connections/amazon', { json: body, schema: connectionResponseSchema });

export const startSync = (kind: ConnectionKindName) =>
  request('post', `connections/${kind}/sync`, { schema: connectionSyncStartedSchema });

export const testConnection = (kind: ConnectionKindName) =>
  request('post', `connections/${kind}/test`, { schema: connectionTestResultSchema });

export const fetchRuns = (kind: ConnectionKindName) =>
  request('get', `connections/${kind}/runs`, { schema: connectionRunsSchema });

export const fetchUnmatched = (kind: ConnectionKindName) =>
  request('get', `connections/${kind}/unmatched`, { schema: unmatchedGroupsSchema });

export const mapUnmatched = (
  kind: ConnectionKindName,
  body: { sku: string; productId: string } | { asin: string; productId: string },
) => request('post', `connections/${kind}/unmatched/map`, { json: body, schema: unmatchedMapResultSchema });
