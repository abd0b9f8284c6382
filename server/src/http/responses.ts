/**
 * How responses become JSON. Zod validation of every response (a page of 25 products is a few
 * hundred values) cost more CPU than the list's SQL, so production writes the service's value
 * as it is. The response schemas still hold, because the test servers and `npm run
 * dev:server` check every response: it must pass its schema, and encoding it must change
 * nothing (no key the schema would strip, no value it would transform), so what production
 * writes is exactly what the checked encoding would have written.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

const rawJson = JSON as typeof JSON & { rawJSON(text: string): object };

/**
 * A whole number for an answer, exactly (`exactIntegerSchema` in shared/src/schemas/common.ts):
 * a number while it is a safe integer; beyond 2^53 (a sum of figures: PostgreSQL's int8 and
 * numeric arrive as their digits, see db/connect.ts) its digits written into the JSON as they are,
 * through `JSON.rawJSON`, where a number would be silently rounded. The type stays number,
 * which is what a JSON reader makes of it.
 */
export function exactInteger(value: number | bigint | string): number {
  const n = Number(value);
  if (Number.isSafeInteger(n)) return n;
  if (typeof value === 'number')
    throw new RangeError(`${value} is not a safe integer: it was rounded already`);
  const digits = BigInt(value).toString();
  return rawJson.rawJSON(digits) as unknown as number;
}

/** The JSON a value becomes, as plain data (undefined keys dropped, dates as text). */
const asJson = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof $ZodType) return inner;
  throw new Error(`A response schema that is not a zod schema: ${JSON.stringify(schema)}`);
}

export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  resolveSchema(schema);
  return (data) => JSON.stringify(data);
};

export const checkingSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = resolveSchema(schema);
  return (data) => {
    const result = safeEncode(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    if (!isDeepStrictEqual(asJson(result.data), asJson(data))) {
      throw new ResponseSerializationError(method, url, {
        cause: new Error(
          'the response has keys or values its schema would strip or change; production sends it unchecked',
        ) as never,
      });
    }
    return JSON.stringify(data);
  };
};
