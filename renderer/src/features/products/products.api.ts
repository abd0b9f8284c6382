/** Calls of the product screens (products, stock, remarks, and the settings they look up). */
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { categorySchema, shelfNumberSchema } from '#shared/schemas/catalog';
import { listResponse, searchResponse } from '#shared/schemas/common';
import { issueSchema } from '#shared/schemas/misc';
import {
  productSchema,
  remarkSchema,
  stockMovementSchema,
  type ProductInput,
  type ProductUpdate,
} from '#shared/schemas/product';
import { request } from '../../api/http';

const productsResponse = listResponse(productSchema);
const productsSearchResponse = searchResponse(productSchema);
const oneProduct = z.object({ data: productSchema });
const productFromIssueResponse = z.object({ data: productSchema, issue: issueSchema });
const namedList = listResponse(categorySchema);
const adjustmentResponse = z.object({ data: stockMovementSchema, product: productSchema });

export const fetchProducts = (params: ListParams) =>
  request('get', `products?${buildListQuery(params)}`, { schema: productsResponse });

/** GET /products/search: name (either language), SKU or JAN; a complete JAN matches that product only. */
export const searchProducts = (params: ListParams) =>
  request('get', `products/search?${buildListQuery(params)}`, { schema: productsSearchResponse });

export const fetchProduct = (id: string) =>
  request('get', `products/${encodeURIComponent(id)}`, { schema: oneProduct }).then((r) => r.data);

export const createProduct = (input: ProductInput) =>
  request('post', 'products', { json: input, schema: oneProduct }).then((r) => r.data);

export const updateProduct = (id: string, update: ProductUpdate) =>
  request('put', `products/${encodeURIComponent(id)}`, { json: update, schema: oneProduct }).then(
    (r) => r.data,
  );

/**
 * Where the CSV of exactly what the list shows lives: the list's own request (filters, sort,
 * search text) across all pages, so without page and page size.
 */
export const productsCsvPath = ({ page: _page, limit: _limit, ...params }: ListParams) =>
  `products/csv-products?${buildListQuery(params)}`;

export const fetchStockMovements = (id: string, page: number, limit: number) =>
  request(
    'get',
    `products/${encodeURIComponent(id)}/stock-movements?${buildListQuery({ page, limit, sort: '-createdAt' })}`,
    { schema: listResponse(stockMovementSchema) },
  );

export const adjustStock = (id: string, body: { quantity: number; note: string }) =>
  request('post', `products/${encodeURIComponent(id)}/stock-adjustments`, {
    json: body,
    schema: adjustmentResponse,
  });

export const fetchRemarks = (id: string) =>
  request(
    'get',
    `products/${encodeURIComponent(id)}/remarks?${buildListQuery({ page: 1, limit: LIMITS.lookupListLimit, sort: '-createdAt' })}`,
    { schema: listResponse(remarkSchema) },
  );

export const addRemark = (id: string, remark: string) =>
  request('post', `products/${encodeURIComponent(id)}/remarks`, {
    json: { remark },
    schema: z.object({ data: remarkSchema }),
  }).then((r) => r.data);

export type LookupResource = 'categories' | 'manufacturers' | 'suppliers';

/** `GET categories/?activeStatus=true&limit=10000` and the same for the other two. */
export const fetchActiveLookups = (resource: LookupResource) =>
  request(
    'get',
    `${resource}/?${buildListQuery({ limit: LIMITS.countLimit, sort: 'name', filters: { activeStatus: true } })}`,
    { schema: namedList },
  ).then((r) => r.data);

/** `GET shelf-numbers/search?page=1&limit=10&searchStr`. */
export const searchShelfNumbers = (text: string) =>
  request(
    'get',
    `shelf-numbers/search?${buildListQuery({ page: 1, limit: 10, extras: { searchStr: text } })}`,
    {
      schema: searchResponse(shelfNumberSchema),
    },
  ).then((r) => r.data);

/**
 * A product made from a product request: the server creates it and resolves the request in one
 * transaction, so either both happen or neither (a request already resolved answers 409).
 */
export const createProductFromIssue = (issueId: string, input: ProductInput) =>
  request('post', `issues/${encodeURIComponent(issueId)}/product`, {
    json: input,
    schema: productFromIssueResponse,
  }).then((r) => r.data);
