// fast-check generators of hostile requests to every route under /api/v1: random JSON, wrong
// types, huge and unicode strings, injection strings, broken bodies, header and token variants.
import fc from 'fast-check';
import { MUTATIONS, mutate } from './forged-tokens';
import type { RawRequest } from './raw-http';

export type RouteKind =
  | 'login'
  | 'refresh'
  | 'logout'
  | 'me'
  | 'context'
  | 'reset'
  | 'verify'
  | 'complete'
  | 'password'
  | 'health'
  | 'unknown';

export interface FuzzRoute {
  kind: RouteKind;
  role?: 'admin' | 'vendor';
  path: string;
  methods: readonly string[];
  fields: readonly string[];
}

export interface FuzzCase {
  route: FuzzRoute;
  request: RawRequest;
}

/** The methods every route module exports (the others answer 405 there). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ROUTES: FuzzRoute[] = [
  ...(['admin', 'vendor'] as const).flatMap((role): FuzzRoute[] => {
    const base = `/api/v1/auth/${role}`;
    const type = `${role}_type`;
    return [
      { kind: 'login', role, path: `${base}/login`, methods: ['POST'], fields: ['email', 'password'] },
      { kind: 'refresh', role, path: `${base}/refresh`, methods: ['POST'], fields: ['refresh_token'] },
      { kind: 'logout', role, path: `${base}/logout`, methods: ['POST'], fields: ['refresh_token'] },
      { kind: 'me', role, path: `${base}/me`, methods: ['GET', 'PATCH'], fields: ['locale'] },
      { kind: 'context', role, path: `${base}/context`, methods: ['GET', 'POST'], fields: [] },
      { kind: 'reset', role, path: `${base}/password-reset`, methods: ['POST'], fields: ['email', type] },
      {
        kind: 'verify',
        role,
        path: `${base}/password-reset/verify`,
        methods: ['POST'],
        fields: ['email', type, 'code'],
      },
      {
        kind: 'complete',
        role,
        path: `${base}/password-reset/complete`,
        methods: ['POST'],
        fields: ['reset_token', 'password'],
      },
      {
        kind: 'password',
        role,
        path: `${base}/password`,
        methods: ['POST'],
        fields: ['current_password', 'new_password'],
      },
    ];
  }),
  { kind: 'health', path: '/api/v1/health', methods: ['GET'], fields: [] },
];
const KNOWN_PATHS = new Set(ROUTES.map((r) => r.path));

const NASTY = [
  "' OR '1'='1",
  "admin@example.com' --",
  '"; DROP TABLE "AdminAccount"; --',
  "1'; SELECT pg_sleep(10); --",
  "' UNION SELECT passwordHash FROM AdminAccount --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '${jndi:ldap://127.0.0.1/a}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  'a\u0000@example.com',
  'x\r\nSet-Cookie: a=b',
  '\u202eevil',
  '\ufeff',
  '𝕒𝕕𝕞𝕚𝕟@example.com',
  'Ａdmin@example.com',
  'ü@exämple.com',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  '[object Object]',
  '\ud800',
  '😀👩‍👩‍👧‍👦',
  '١٢٣٤٥٦',
  '12345６',
  ' 123456',
  '123456\n',
  '0x1E240',
  '1e5',
  '-12345',
];

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom({ $gt: '' }, { $ne: null }, ['a@example.com']),
);
const huge = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '\\', '"'), fc.integer({ min: 256, max: 12_000 }))
  .map(([c, n]) => c.repeat(n));
const unicode = fc.string({ unit: 'binary', maxLength: 40 });
const nasty = fc.constantFrom(...NASTY);

/** Header-safe text: what node:http lets a client send (visible ASCII and latin-1 bytes). */
const headerText = (maxLength = 64) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Tokens no route may accept; `real` are live tokens of the kind the route expects, mutated. */
function tokenArb(forged: string[], real: string[]) {
  // The spelling mutations are weighted up: the others change bytes that any verifier checks.
  const mutation = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('padded', 'malleated') },
    fc.constantFrom(...Object.keys(MUTATIONS)),
  );
  const mutated = (tokens: string[]) =>
    fc
      .tuple(fc.constantFrom(...tokens), mutation, fc.nat(), fc.nat())
      .map(([t, m, at, pick]) => mutate(t, m, at, pick));
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...forged) },
    { weight: 4, arbitrary: mutated(real) },
    { weight: 1, arbitrary: mutated(forged) },
    { weight: 1, arbitrary: fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((s) => s.join('.')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '.', '..', 'a.b.c', 'null', 'Bearer x', 'e30.e30.', 'eyJhbGciOiJub25lIn0.e30.'),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        headerText(),
        fc.integer({ min: 4000, max: 9000 }).map((n) => `${'eyJ'.repeat(n / 3)}.e30.x`),
      ),
    },
  );
}

const TYPES: Record<string, string[]> = { admin_type: ['super_admin', 'admin'], vendor_type: ['owner', 'employee'] };

/** Values a field would plausibly carry: right type and form, wrong content. */
function plausibleArb(field: string, emails: string[], tokens: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  switch (field) {
    case 'email':
      return fc.oneof(
        fc.constantFrom(...emails),
        fc.constantFrom(...emails).map((e) => ` ${e.toUpperCase()} `),
        fc.emailAddress(),
      );
    case 'password':
    case 'current_password':
    case 'new_password':
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ unit: 'grapheme', minLength: 8, maxLength: 40 }),
        nasty,
      );
    case 'code':
      return fc.stringMatching(/^\d{6}$/);
    case 'admin_type':
    case 'vendor_type':
      return fc.constantFrom(...TYPES[field]!);
    case 'locale':
      return fc.constantFrom('de', 'ar', 'en-US', 'DE', 'xx', '');
    default:
      return tokens;
  }
}

/** Any value for a field: plausible ones, wrong forms, wrong types, injection, unicode, huge. */
function valueArb(field: string, emails: string[], tokens: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const wrongForm: Record<string, fc.Arbitrary<unknown>> = {
    code: fc.oneof(fc.integer({ min: 0, max: 999_999 }), fc.stringMatching(/^\d{0,9}$/)),
    admin_type: fc.constantFrom('owner', 'employee', 'SUPER_ADMIN', ''),
    vendor_type: fc.constantFrom('super_admin', 'admin', 'Owner', ''),
    password: fc.constant(''),
  };
  return fc.oneof(
    { weight: 6, arbitrary: plausibleArb(field, emails, tokens) },
    ...(wrongForm[field] ? [{ weight: 2, arbitrary: wrongForm[field] }] : []),
    ...[nasty, wrongType, unicode, huge].map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/** A JSON object text with the route's fields (some missing, some foreign, keys maybe repeated). */
function shapedBody(fields: readonly string[], value: (field: string) => fc.Arbitrary<unknown>) {
  const own = fields.map((f) => fc.option(fc.tuple(fc.constant(f), value(f)), { freq: 6, nil: undefined }));
  const foreign = fc.array(
    fc.tuple(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'email',
        'admin_type',
        'vendor_type',
        'role',
        'isAdmin',
        'refresh_token',
        '',
      ),
      wrongType,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...own), foreign).map(([o, f]) => {
    const entries = [...o.filter((e): e is [string, unknown] => e !== undefined), ...f];
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
  });
}

function bodyArb(
  fields: readonly string[],
  value: (field: string) => fc.Arbitrary<unknown>,
  plausible: (field: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Buffer | undefined> {
  const shaped = shapedBody(fields, value);
  const complete = fc
    .tuple(...fields.map((f) => plausible(f)))
    .map((vs) => JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, vs[i]]))));
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((s) => Buffer.from(s)) },
    { weight: 5, arbitrary: complete.map((s) => Buffer.from(s)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc.tuple(shaped, fc.nat()).map(([s, n]) => Buffer.from(s.slice(0, n % Math.max(1, s.length)))),
    },
    { weight: 1, arbitrary: shaped.map((s) => Buffer.from(`\ufeff${s}`)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 15_000, max: 40_000 }).map((n) => Buffer.from(`{"email":"${'a'.repeat(n)}"}`)),
    },
    { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.from('   \n'), undefined) },
  );
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/vnd.api+json',
  'application/json;charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'json',
  'application/',
  '*/*',
  'application/json, text/plain',
  ' application/json ',
  'text/json',
];
const HEADER_NAMES = [
  'x-middleware-subrequest',
  'x-invoke-path',
  'x-matched-path',
  'x-nextjs-data',
  'next-router-prefetch',
  'x-forwarded-host',
  'x-forwarded-proto',
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
  'origin',
  'referer',
  'x-http-method-override',
  'x-commerce-auth-socket-ip',
  'x-real-ip',
];

function headersArb(tokens: fc.Arbitrary<string>) {
  const authorization = fc.oneof(
    { weight: 5, arbitrary: tokens.map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: tokens.map((t) => `bearer  ${t}`) },
    { weight: 1, arbitrary: tokens.map((t) => `Bearer ${t} ${t}`) },
    { weight: 1, arbitrary: tokens.map((t) => `Basic ${t}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        'Bearer null',
        'Digest username="admin"',
        'Bearer\ta.b.c',
      ),
    },
    { weight: 1, arbitrary: headerText().map((s) => `Bearer ${s}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 8000 }).map((n) => `Bearer ${'A'.repeat(n)}`) },
  );
  const forwarded = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    headerText(),
    fc.array(fc.ipV4(), { maxLength: 5 }).map((a) => a.join(', ')),
    fc.constant('x'.repeat(2000)),
  );
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...HEADER_NAMES), fc.stringMatching(/^x-[a-z0-9-]{1,16}$/)), headerText(500)),
    { maxLength: 3 },
  );
  return fc
    .record({
      contentType: fc.option(
        fc.oneof(
          { weight: 6, arbitrary: fc.constant('application/json') },
          fc.constantFrom(...CONTENT_TYPES),
          headerText(),
        ),
        { freq: 6, nil: undefined },
      ),
      authorization: fc.option(authorization, { freq: 4, nil: undefined }),
      forwarded: fc.option(forwarded, { freq: 2, nil: undefined }),
      userAgent: fc.option(fc.oneof(headerText(200), fc.constant('Mozilla/5.0 '.repeat(150))), { nil: undefined }),
      extra,
    })
    .map(({ contentType, authorization, forwarded, userAgent, extra }) => {
      const headers: Record<string, string> = Object.fromEntries(extra);
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (authorization !== undefined) headers.authorization = authorization;
      if (forwarded !== undefined) headers['x-forwarded-for'] = forwarded;
      if (userAgent !== undefined) headers['user-agent'] = userAgent;
      return headers;
    });
}

const segment = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((s) => s !== '.' && s !== '..')
  .map(encodeURIComponent);
const unknownRoute: fc.Arbitrary<FuzzRoute> = fc
  .oneof(
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((segs) => `/api/v1/${segs.join('/')}`),
    fc
      .tuple(
        segment,
        fc.constantFrom('login', 'refresh', 'logout', 'me', 'context', 'password-reset', 'password-reset/verify'),
      )
      .map(([role, end]) => `/api/v1/auth/${role}/${end}`),
  )
  .filter((path) => !KNOWN_PATHS.has(path) && !/^\/api\/v1\/auth\/(admin|vendor)\//.test(path))
  .map((path) => ({ kind: 'unknown', path, methods: METHODS, fields: ['email', 'refresh_token'] }));

/** One hostile request to a route of the table or to a path that is none of them. */
export function fuzzCaseArb(pool: {
  forged: string[];
  real: Record<'admin' | 'vendor', { access_token: string; refresh_token: string }>;
  emails: string[];
}): fc.Arbitrary<FuzzCase> {
  const allReal = Object.values(pool.real).flatMap((p) => [p.access_token, p.refresh_token]);
  // Built once per route: building arbitraries is far slower than drawing from them.
  const perRoute = new Map<
    string,
    { headers: fc.Arbitrary<Record<string, string>>; body: fc.Arbitrary<Buffer | undefined> }
  >();
  const forRoute = (route: FuzzRoute) => {
    const key = route.kind === 'unknown' ? 'unknown' : route.path;
    if (!perRoute.has(key)) {
      const real = route.role ? pool.real[route.role] : undefined;
      const bearer = tokenArb(pool.forged, real ? [real.access_token] : allReal);
      const inBody = tokenArb(pool.forged, real ? [real.refresh_token] : allReal);
      const value = (field: string) => valueArb(field, pool.emails, inBody);
      const plausible = (field: string) => plausibleArb(field, pool.emails, inBody);
      perRoute.set(key, { headers: headersArb(bearer), body: bodyArb(route.fields, value, plausible) });
    }
    return perRoute.get(key)!;
  };
  const query = fc.option(
    fc.string({ maxLength: 30 }).map((q) => `?${encodeURIComponent(q)}&a=%ff`),
    { freq: 5, nil: '' },
  );
  const methodFor = new Map(
    [...ROUTES, { methods: METHODS }].map((r) => [
      r.methods.join(),
      fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...r.methods) }, fc.constantFrom(...METHODS)),
    ]),
  );
  return fc
    .oneof({ weight: 12, arbitrary: fc.constantFrom(...ROUTES) }, { weight: 1, arbitrary: unknownRoute })
    .chain((route) => {
      const { headers, body } = forRoute(route);
      return fc.record({
        route: fc.constant(route),
        method: methodFor.get(route.methods.join())!,
        headers,
        body,
        chunked: fc.boolean(),
        query,
      });
    })
    .map(({ route, method, headers, body, chunked, query: q }) => ({
      route,
      request: { method, path: route.path + q, headers, body, chunked },
    }));
}
