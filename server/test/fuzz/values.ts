/**
 * The hostile values the fuzzer mixes into paths, queries and bodies: fast-check arbitraries,
 * so a run is replayed from its seed.
 */
import fc from 'fast-check';
import { withJanCheckDigit } from '#shared/domain/jan';

/** 100 KB: far past every text limit, under the 1 MB body limit. */
export const HUGE_LENGTH = 100 * 1024;

/**
 * A JSON value written as it is, for texts JSON.stringify cannot produce: `-0`, `1e400`, 25
 * significant digits, a nesting thousands of levels deep.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Lone UTF-16 surrogates (ill-formed in any encoding), NUL, C0/C1 controls, odd separators. */
export const ILL_FORMED_TEXTS = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  'a\uD800b',
  '\uDC00\uD800',
  'tea\uDFFF',
  '\uD83D',
  '\uD83D\uDE00'.slice(0, 1) + 'x',
  '\u0000',
  'a\u0000b',
  'Sencha\u0000; drop table products',
  '\u0001\u0002\u0003',
  '\u0007bell',
  '\u0008',
  '\u000b\u000c',
  '\u001b[31mred',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028\u2029',
  '\uFEFF',
  '\uFFFE\uFFFF',
  '\r',
  '\r\n\r\n',
  'line\nbreak',
  '\t',
];

/** Texts that mean something to some layer: prototypes, paths, SQL, templates, number-likes. */
export const TRICKY_TEXTS = [
  '',
  ' ',
  '   ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '../../etc/passwd',
  '..',
  '.',
  '%00',
  '%c0%ae%c0%ae',
  '%',
  "' or '1'='1",
  "'; drop table products; --",
  '"',
  '\\',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '%s%s%s%n',
  'İstanbul',
  'ß',
  'ﬃ',
  'e\u0301',
  '\u202Eevil',
  '抹茶',
  'ｶﾀｶﾅ',
  '😀',
  '👨‍👩‍👧',
  '𠮷野家',
  'a'.repeat(201),
  'x'.repeat(1000),
];

/** Number-like texts that are not plain decimal numbers (or are, at the edges). */
export const NUMBER_TEXTS = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e309',
  '-1e309',
  '1e-400',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  '1,000',
  '1.000,50',
  ' 1',
  '1 ',
  '+1',
  '--1',
  '.5',
  '5.',
  '1e',
  'e1',
  '１２３',
  '٣',
  '-0',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '0.1',
  '19.999',
  '1.005',
  '0.0000001',
  '1200.123456789',
];

export const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.1,
  0.105,
  1.005,
  19.999,
  1200.5,
  1.2345678,
  99999999.99,
  123.456,
  1e-7,
];

/** Numbers as JSON text that no JavaScript number writes. */
export const RAW_NUMBERS = [
  '-0',
  '1e400',
  '-1e400',
  '1E2',
  '0.1e1',
  '1.0',
  '1.00000000000000000001',
  '100000000000000000000000',
  '0.00000000000000000000001',
  '123456789012345678901234567890.123',
  '2147483648.0',
  '9007199254740993',
  '-9007199254740993',
];

/** Keys that reach prototypes in careless code. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__lookupGetter__',
];

const hugeText = fc.constantFrom(
  'x'.repeat(HUGE_LENGTH),
  '抹'.repeat(Math.ceil(HUGE_LENGTH / 3)),
  `${'\u0000'.repeat(10)}${'y'.repeat(HUGE_LENGTH)}`,
  '\uD800'.repeat(HUGE_LENGTH / 2),
  '9'.repeat(HUGE_LENGTH),
  `${'a '.repeat(HUGE_LENGTH / 2)}`,
);

/** A hostile text: ill-formed, tricky, number-like, random (with lone surrogates), now and then huge. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ILL_FORMED_TEXTS) },
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...TRICKY_TEXTS), fc.constantFrom(...ILL_FORMED_TEXTS))
      .map(([a, b]) => `${a}${b}${a}`),
  },
  { weight: 1, arbitrary: hugeText },
);

/** A hostile number, a raw numeric literal, or a number-like text. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new RawJson(t)) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** `depth` objects and arrays around a value, as raw text: JSON.stringify itself would overflow. */
export const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(20, 100, 1_000, 10_000, 100_000), fc.constantFrom('[', '{"a":', 'mixed'))
  .map(([depth, open]) => {
    if (open === 'mixed') return new RawJson(`${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`);
    const close = open === '[' ? ']' : '}';
    return new RawJson(`${open.repeat(depth)}1${close.repeat(depth)}`);
  });

/** Long arrays: many ids, many numbers, many objects. */
export const longArray: fc.Arbitrary<unknown[]> = fc
  .tuple(fc.constantFrom(1_001, 5_000, 50_000), fc.constantFrom<unknown>('fz', 1, { a: 1 }, null, ''))
  .map(([n, item]) =>
    // Each item its own: a mutation of one must not grow all of them.
    Array.from({ length: n }, (_, i) => (typeof item === 'string' ? `${item}${i}` : structuredClone(item))),
  );

/** Any JSON value of the wrong kind for where it goes. */
export const wrongType: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  '',
  'text',
  [],
  [1],
  ['a', null],
  {},
  { a: 1 },
  { _id: 'x' },
  [{}],
);

/** Any hostile value at all, for a field that expects anything. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: longArray },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), wrongType)
      .map(([key, v]) => ({ [key]: v, polluted: { [key]: { polluted: true } } })),
  },
);

/**
 * JSON text of a value holding {@link RawJson} parts. Own `__proto__` keys (made with computed
 * keys) are written as they are, as a hostile client would.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) {
    // Array.from, not value.map: a generated array may carry an own `constructor` key, and map
    // builds its result through it (TypeError: … [Symbol.species] is not a constructor).
    return `[${Array.from(value, (v: unknown) => (v === undefined ? 'null' : jsonText(v))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) parts.push(`${JSON.stringify(key)}:${jsonText(v)}`);
    }
    return `{${parts.join(',')}}`;
  }
  // JSON.stringify writes lone surrogates as \ud800 escapes (well-formed JSON, ill-formed text).
  return JSON.stringify(value) ?? 'null';
}

/** A valid JAN-13 with its check digit. */
export const janOf = (n: number): string => withJanCheckDigit(`49${String(n).padStart(10, '0').slice(-10)}`);
