/**
 * The API's operations as the fuzzer sees them, read from the OpenAPI document (`app.swagger()`,
 * what `/api/docs/json` serves): every path and method, its path parameters, the query fields a
 * list takes (type and operators from their descriptions) and the JSON schema of its body. A
 * route added to the API is fuzzed without editing the fuzzer.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { orderLineInputSchema } from '#shared/schemas/order';

/** The parts of a JSON schema the fuzzer reads. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
}

export type QueryFieldType =
  'string' | 'date' | 'datetime' | 'integer' | 'number' | 'boolean' | 'enum' | 'free';

export interface QueryField {
  name: string;
  type: QueryFieldType;
  /** An enum's values. */
  values?: string[];
  /** Takes `name[op]=…` (a list filter). */
  ops: boolean;
}

export interface PathParam {
  name: string;
  schema: JsonSchema;
  /** The collection it names a row of (`products` for /products/{id}). */
  resource: string;
}

export interface Operation {
  method: string;
  /** With `{name}` placeholders, as the document writes it. */
  path: string;
  /** `METHOD /path`: how reports and coverage name it. */
  key: string;
  pathParams: PathParam[];
  query: QueryField[];
  /** Sort fields of a list (`One of a, b; prefix - …`). */
  sorts: string[];
  body?: JsonSchema;
  /** Not JSON: the order report import takes a file. */
  fileBody: boolean;
  /** The collection a POST creates rows of, when it answers one (`data._id`). */
  creates?: string;
}

/**
 * Bodies the document describes only in words (a union zod cannot express in JSON schema):
 * POST /orders takes one order line or an array of them.
 */
function undescribedBody(key: string): JsonSchema | undefined {
  if (key !== 'POST /api/v1/orders') return undefined;
  const line = z.toJSONSchema(orderLineInputSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { anyOf: [line, { type: 'array', items: line, minItems: 1, maxItems: 500 }] };
}

const TYPE_WORDS: Record<string, QueryFieldType> = {
  string: 'string',
  date: 'date',
  datetime: 'datetime',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
};

function queryField(param: OpenAPIV3.ParameterObject): QueryField {
  const description = param.description ?? '';
  const schema = (param.schema ?? {}) as JsonSchema;
  const ops = /\[op\]/.test(description);
  const head = description.split(';')[0]?.trim() ?? '';
  if (schema.enum) return { name: param.name, type: 'enum', values: schema.enum.map(String), ops };
  if (schema.format === 'date') return { name: param.name, type: 'date', ops };
  if (/^\S+( \| \S+)+$/.test(head)) return { name: param.name, type: 'enum', values: head.split(' | '), ops };
  const type = TYPE_WORDS[head];
  if (type) return { name: param.name, type, ops };
  return { name: param.name, type: 'free', ops };
}

/** The collection a path parameter names: the path segment before it (`/shipments/{id}` → shipments). */
function resourceOf(path: string, name: string): string {
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf(`{${name}}`);
  return segments[at - 1] ?? name;
}

/** The collection a POST adds a row to, named by the path's last segment. */
function createsOf(segments: string[]): { creates?: string } {
  const last = segments.at(-1) ?? '';
  if (!segments.some((s) => s.startsWith('{'))) return { creates: last };
  // A request turned into a product; a remark on a product.
  if (last === 'product') return { creates: 'products' };
  if (last === 'remarks') return { creates: 'remarks' };
  return {};
}

export function operationsOf(document: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!item) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const sortDescription = params.find((p) => p.in === 'query' && p.name === 'sort')?.description ?? '';
      const sorts = /^One of ([^;]+);/.exec(sortDescription)?.[1]?.split(', ') ?? [];
      const request = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const jsonSchema = request?.content['application/json']?.schema as JsonSchema | undefined;
      const described = jsonSchema && (jsonSchema.type || jsonSchema.anyOf || jsonSchema.oneOf);
      const body = described ? jsonSchema : (undescribedBody(key) ?? jsonSchema);
      const segments = path.split('/').filter(Boolean);
      operations.push({
        method: method.toUpperCase(),
        path,
        key,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({
            name: p.name,
            schema: (p.schema ?? {}) as JsonSchema,
            resource: resourceOf(path, p.name),
          })),
        query: params.filter((p) => p.in === 'query' && p.name !== 'sort').map(queryField),
        sorts,
        ...(body ? { body } : {}),
        fileBody: path.endsWith('/orders/import'),
        ...(method === 'post' ? createsOf(segments) : {}),
      });
    }
  }
  return operations;
}
