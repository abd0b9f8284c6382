import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/schemas/common';
import { readErrorBody } from './http';

/** The contract readErrorBody writes out by hand: the shared error schema, codes optional. */
const lenientErrorSchema = errorResponseSchema.extend({
  code: z.string().optional(),
  errors: z
    .array(errorResponseSchema.shape.errors.unwrap().element.extend({ code: z.string().optional() }))
    .optional(),
});

const value = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
const params = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string({ maxLength: 4 }), fc.integer())),
  fc.dictionary(fc.string({ maxLength: 3 }), value),
  value,
);
const fieldError = fc.record(
  {
    field: fc.oneof(fc.string({ maxLength: 5 }), value),
    message: fc.oneof(fc.string({ maxLength: 5 }), value),
    code: fc.oneof(fc.string({ maxLength: 5 }), value),
    params,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.record(
    {
      message: fc.oneof(fc.string({ maxLength: 5 }), value),
      code: fc.oneof(fc.string({ maxLength: 5 }), value),
      params,
      errors: fc.oneof(fc.array(fieldError, { maxLength: 3 }), value),
    },
    { requiredKeys: [] },
  ),
  value,
  fc.array(value),
);

describe('reading an error answer without a schema library', () => {
  it('accepts and returns exactly what the shared error schema accepts', () => {
    fc.assert(
      fc.property(body, (data) => {
        const parsed = lenientErrorSchema.safeParse(data);
        const read = readErrorBody(data);
        if (parsed.success) expect(read).toEqual(parsed.data);
        else expect(read).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the field errors with their codes and parameters', () => {
    expect(
      readErrorBody({
        code: 'validation',
        message: 'Invalid',
        errors: [{ field: 'name', code: 'tooLong', message: 'Maximum 50 symbols', params: { max: 50 } }],
      }),
    ).toEqual({
      code: 'validation',
      message: 'Invalid',
      errors: [{ field: 'name', code: 'tooLong', message: 'Maximum 50 symbols', params: { max: 50 } }],
    });
    expect(readErrorBody({ message: 'Old server' })).toEqual({ message: 'Old server' });
    expect(readErrorBody('<html>')).toBeNull();
  });
});
