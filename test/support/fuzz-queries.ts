// fast-check generators of hostile query strings for the list routes: crafted cursors (times past
// what a Date holds, negative, fractional, wrong shapes), limits of every wrong form, repeated,
// bracketed and unknown keys, broken percent-encoding, and text no database column may hold.
import fc from 'fast-check';

/** Text holding a NUL or an unpaired UTF-16 surrogate (alone, or amid ordinary text). */
export const unstorableTextArb = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\u0000\u0000', '\ud800', '\udfff', '\udc00\ud83d', '\ud83d'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');

/** Times a forged cursor may name: the edges of what a safe integer, a Date and the databases hold. */
const CURSOR_TIMES = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  8.64e15,
  8.64e15 + 1,
  -8.64e15 - 1,
  253402300800000,
  -1,
  0,
  1.5,
  1e300,
  -0,
];

const crafted = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom<unknown>(...CURSOR_TIMES, '1', null, [], {}), fc.integer(), fc.maxSafeInteger()),
      fc.constantFrom<unknown>('x', 'c'.repeat(100), 'c'.repeat(101), '', 1, null, "' OR 1=1 --", '\u0000'),
    )
    .map((pair) => cursorOf(pair)),
  fc.jsonValue({ maxDepth: 2 }).map(cursorOf),
  fc.tuple(fc.integer(), fc.string({ maxLength: 120 }), fc.jsonValue({ maxDepth: 1 })).map(cursorOf),
);

const HOSTILE_TEXT = [
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  ' 5 ',
  '5.5',
  '1,2',
  '[]',
  '{}',
  'null',
  'true',
  '__proto__',
  '9'.repeat(400),
  "' OR '1'='1",
  '%00',
  '\u0000',
  'a\u0000b',
  '😀',
  '\ud800',
  '../../etc/passwd',
  '${7*7}',
];

/** A value of any wrong form, or a plausible one: limits, cursors and free text. */
export const queryValueArb = fc.oneof(
  { weight: 3, arbitrary: crafted },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: unstorableTextArb },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 6000 }).map((n) => 'A'.repeat(n)) },
);

const encoded = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as its UTF-8-like bytes
  }
};

/** A query string over `keys`: each key absent, once, twice or bracketed, plus foreign keys and raw junk. */
export function queryStringArb(keys: readonly string[]): fc.Arbitrary<string> {
  const forKey = (key: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      { weight: 6, arbitrary: queryValueArb.map((v) => [`${key}=${encoded(v)}`]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(queryValueArb, queryValueArb)
          .map(([a, b]) => [`${key}=${encoded(a)}`, `${key}=${encoded(b)}`]),
      },
      { weight: 1, arbitrary: queryValueArb.map((v) => [`${key}[]=${encoded(v)}`, `${key}[a]=1`]) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          [key],
          [`${key}=`],
          [`${key}=%`],
          [`${key}=%ff`],
          [`${key}=%E0%A4%A`],
          [`${encoded(key).toUpperCase()}=5`],
        ),
      },
    );
  const foreign = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'offset', 'page', 'sort', 'filter', 'q', 'a'), queryValueArb),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...keys.map(forKey)), foreign).map(([own, extra]) => {
    const parts = [...own.flat(), ...extra.map(([k, v]) => `${k}=${encoded(v)}`)];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}
