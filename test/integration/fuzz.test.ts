// Fuzzing every route under /api/v1 with generated bodies, headers and tokens (fast-check, fixed
// seed): every answer is a 4xx problem+json with a catalogued code allowed for that route, or the
// one success the input legitimately earns; the server stays up and no real session is harmed.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '@/contract/error-catalogue';
import { API_PREFIX } from '@/contract/route';
import { NAMED_ROUTES } from '@/contract/routes';
import {
  adminResetRequest,
  adminResetVerifyRequest,
  updateMeRequest,
  vendorResetRequest,
  vendorResetVerifyRequest,
} from '@/contract/auth-schemas';
import { RESET_REQUEST_MESSAGE } from '@/core/service/password-reset';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { forgedTokens, mutate, type RealPair } from '../support/forged-tokens';
import { unstorableTextArb } from '../support/fuzz-queries';
import { fuzzCaseArb, type FuzzCase, type RouteKind } from '../support/fuzz-requests';
import { get, post } from '../support/http';
import { closeRawConnections, rawRequest, type RawAnswer, type RawRequest } from '../support/raw-http';
import { login, signIn } from '../support/sign-in';

const SEED = Number(process.env.FUZZ_SEED || 20261121);
const RUNS = Number(process.env.FUZZ_RUNS || 450);
const MAX_BODY_BYTES = 16 * 1024;

let pairs: Record<'admin' | 'vendor', RealPair>;
let shopperToken: string;
let pool: { forged: string[]; real: typeof pairs; emails: string[] };

// Registered before the suite's hook, so kept-alive raw connections close before the app stops.
after(() => closeRawConnections());
const app = appSuite({
  // A low per-(e-mail, address) limit makes rate_limited reachable; the others would lock the
  // accounts out for the checks after the fuzzing.
  env: {
    TRUST_PROXY: '1',
    PASSWORD_RESET_LOG_OTP: '1',
    RATE_LIMIT_LOGIN_PER_IDENTITY_IP: '1',
    RATE_LIMIT_LOGIN_PER_IDENTITY: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
  },
  async setup({ url }) {
    pairs = {
      admin: await signIn(url, 'admin', seed.admin.email, PASSWORDS.admin),
      vendor: await signIn(url, 'vendor', seed.owner.email, PASSWORDS.owner),
    };
    const emails = [seed.admin.email, seed.limited.email, seed.owner.email, seed.employee.email, 'nobody@example.com'];
    pool = { forged: await forgedTokens(pairs), real: pairs, emails };
    shopperToken = (await signIn(url, 'customer', seed.customer.email, PASSWORDS.customer)).access_token;
  },
});
const { seed } = app;

// The codes a route may answer, besides the body codes of routes that read a JSON body.
const ROUTE_CODES: Record<RouteKind, ErrorCode[]> = {
  login: ['invalid_credentials', 'rate_limited'],
  refresh: ['invalid_refresh_token'],
  logout: ['invalid_refresh_token'],
  me: ['invalid_token'],
  context: ['invalid_token', 'not_found'],
  reset: [],
  verify: ['invalid_code'],
  complete: ['invalid_reset_token'],
  password: ['invalid_token', 'invalid_credentials', 'rate_limited'],
  health: [],
  unknown: ['not_found', 'method_not_allowed'],
};
const BODY_CODES: ErrorCode[] = ['validation_failed', 'payload_too_large', 'unsupported_media_type'];

function allowedCodes(c: FuzzCase): ErrorCode[] {
  // Headers over the server's limit are refused before any route is chosen.
  return ['headers_too_large', ...routeCodes(c)];
}

function routeCodes({ route, request }: FuzzCase): ErrorCode[] {
  if (route.kind === 'unknown') return ROUTE_CODES.unknown;
  // Only vendors have a context: the admin's context path does not exist, whatever the method.
  if (route.kind === 'context' && route.role === 'admin') return ['not_found'];
  if (!route.methods.includes(request.method)) return ['method_not_allowed'];
  return [...ROUTE_CODES[route.kind], ...(route.fields.length > 0 ? BODY_CODES : [])];
}

/** The body as the server would read it (src/server/rest/body.ts), or undefined when it would refuse it. */
function jsonBodyOf(request: RawRequest): unknown {
  const media = (request.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(media)) return undefined;
  if (!request.body || request.body.length > MAX_BODY_BYTES) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(request.body);
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Codes the app logged (PASSWORD_RESET_LOG_OTP=1), as "role:email:code". */
function issuedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const line of app.output) {
    if (!line.includes('password_reset_otp')) continue;
    try {
      const entry = JSON.parse(line) as { role: string; email: string; otp: string };
      codes.add(`${entry.role}:${entry.email}:${entry.otp}`);
    } catch {
      // a line the pipe split in two; a code it held would make the verdict stricter, never looser
    }
  }
  return codes;
}

/**
 * What is accepted: GET /health answers 200 {status: "ok"}; a step-1 POST whose body passes the
 * step-1 schema answers exactly the generic 200; a step-2 POST may answer 200 only with a code the
 * app really issued for that e-mail. Everything else is a problem+json 4xx as checked below.
 */
function verdict(c: FuzzCase, answer: RawAnswer): string | undefined {
  const { route, request } = c;
  const own = route.methods.includes(request.method) && route.kind !== 'unknown';
  const body = own && request.method === 'POST' ? jsonBodyOf(request) : undefined;
  if (route.kind === 'health' && own)
    return answer.status === 200 && answer.text === '{"status":"ok"}' ? undefined : 'health must answer 200';
  if (
    route.kind === 'reset' &&
    (route.role === 'admin' ? adminResetRequest : vendorResetRequest).safeParse(body).success
  ) {
    const generic = JSON.stringify({ success: true, message: RESET_REQUEST_MESSAGE });
    return answer.status === 200 && answer.text === generic
      ? undefined
      : 'a well-formed step 1 must get the generic answer';
  }
  if (route.kind === 'verify' && answer.status === 200) {
    const parsed = (route.role === 'admin' ? adminResetVerifyRequest : vendorResetVerifyRequest).safeParse(body);
    return parsed.success && issuedCodes().has(`${route.role}:${parsed.data.email}:${parsed.data.code}`)
      ? undefined
      : 'step 2 accepted a code never issued';
  }
  // A signed-in PATCH of the settings answers the profile, for a body of the settings' schema alone.
  if (route.kind === 'me' && own && answer.status === 200)
    return request.method === 'PATCH' && updateMeRequest.safeParse(jsonBodyOf(request)).success
      ? undefined
      : `me answered 200 to ${request.method} with a body out of its schema`;
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status} is not 4xx`;
  if (answer.headers['content-type'] !== 'application/problem+json')
    return `content-type ${answer.headers['content-type']}`;
  let problem: Record<string, unknown>;
  try {
    problem = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return 'the body is not JSON';
  }
  const code = problem.code as ErrorCode;
  const entry = ERROR_CATALOGUE[code];
  if (!entry) return `code ${String(code)} is not in the catalogue`;
  if (entry.status !== answer.status || problem.status !== answer.status)
    return `code ${code} with status ${answer.status}`;
  if (
    problem.type !== `urn:problem:auth:${code}` ||
    problem.title !== entry.title ||
    typeof problem.detail !== 'string'
  )
    return 'malformed problem body';
  if (!allowedCodes(c).includes(code)) return `code ${code} is not one ${route.kind} may answer to ${request.method}`;
  if (code === 'rate_limited' && !/^\d+$/.test(String(answer.headers['retry-after']))) return '429 without Retry-After';
  if (code === 'method_not_allowed' && !answer.headers.allow) return '405 without Allow';
  if (answer.headers['cache-control'] !== 'no-store') return 'no Cache-Control: no-store';
  return undefined;
}

function describeCase({ request }: FuzzCase, answer?: RawAnswer): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const headers = Object.entries(request.headers ?? {}).map(([k, v]) => `  ${k}: ${cut(JSON.stringify(v), 160)}`);
  return [
    `${request.method} ${cut(request.path, 200)}${request.chunked ? ' (chunked)' : ''}`,
    ...headers,
    `  body: ${request.body ? cut(JSON.stringify(request.body.toString('utf8')), 400) : '(none)'}`,
    answer ? `answer: ${answer.status} ${answer.headers['content-type']} ${cut(answer.text, 300)}` : 'no answer',
  ].join('\n');
}

const seen = new Map<string, number>();

test(`${RUNS} batches of generated requests to every route answer 4xx problem+json (seed ${SEED})`, async (t) => {
  const property = fc.asyncProperty(fc.array(fuzzCaseArb(pool), { minLength: 1, maxLength: 8 }), async (cases) => {
    const answers = await Promise.all(
      cases.map((c) =>
        rawRequest(app.url, c.request).catch((error: Error) =>
          Promise.reject(new Error(`${error.message}\n${describeCase(c)}`)),
        ),
      ),
    );
    cases.forEach((c, i) => {
      const answer = answers[i]!;
      const key = `${answer.status} ${/"code":"(\w+)"/.exec(answer.text)?.[1] ?? ''}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const failure = verdict(c, answer);
      if (failure) throw new Error(`${failure}\n${describeCase(c, answer)}`);
    });
  });
  try {
    await fc.assert(property, {
      seed: SEED,
      numRuns: RUNS,
      endOnFailure: process.env.FUZZ_SHRINK !== '1',
      includeErrorInReport: true,
    });
  } catch (error) {
    throw new Error(
      `fuzz failed with seed ${SEED} (replay: FUZZ_SEED=${SEED}; FUZZ_SHRINK=1 to shrink)\n${(error as Error).message}`,
    );
  }
  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  t.diagnostic(
    `${total} requests; answers: ${JSON.stringify(Object.fromEntries([...seen].sort((a, b) => b[1] - a[1])))}`,
  );
  assert.ok(total >= RUNS * 3, `only ${total} requests were sent`);
  // The generators reach every kind of refusal, not just the body parser.
  const codes = new Set([...seen.keys()].map((k) => k.split(' ')[1]));
  for (const code of [
    'validation_failed',
    'payload_too_large',
    'unsupported_media_type',
    'invalid_credentials',
    'invalid_token',
    'invalid_refresh_token',
    'invalid_code',
    'invalid_reset_token',
    'method_not_allowed',
    'not_found',
    'rate_limited',
  ]) {
    assert.ok(codes.has(code), `no request was answered ${code}: ${JSON.stringify(Object.fromEntries(seen))}`);
  }
});

test('the server stays up, logs no fault, and no real session or account was harmed', async () => {
  assert.equal(app.process.exitCode, null, 'the app process is running');
  assert.equal((await rawRequest(app.url, { method: 'GET', path: '/api/v1/health' })).status, 200);
  const faults = app.output.filter((l) => /"level":(50|60)|unhandled_error|Internal Server Error/.test(l));
  assert.deepEqual(faults, [], 'the app logged errors');
  for (const [role, who] of [
    ['admin', 'admin'],
    ['admin', 'limited'],
    ['vendor', 'owner'],
    ['vendor', 'employee'],
  ] as const) {
    const res = await login(app.url, role, seed[who].email, PASSWORDS[who], { 'x-forwarded-for': '198.51.100.7' });
    assert.equal(res.status, 200, `${who} still signs in`);
  }
  for (const role of ['admin', 'vendor'] as const) {
    const res = await post(app.url, `/api/v1/auth/${role}/refresh`, { refresh_token: pairs[role].refresh_token });
    assert.equal(res.status, 200, `the ${role} session survived forged and mutated copies of its tokens`);
  }
});

// Regression, found by the fuzzing: jose accepts a padded signature (`sig=`), altered unused
// trailing bits and surrounding whitespace, so a logout with such a spelling of a live refresh
// token ended that session.
test('a padded, malleated or space-wrapped spelling of a live token is refused and leaves its session alone', async () => {
  const signedIn = await login(app.url, 'vendor', seed.employee.email, PASSWORDS.employee, {
    'x-forwarded-for': '198.51.100.8',
  });
  const pair = signedIn.body as RealPair;
  const spellings: Record<string, (t: string) => string> = {
    padded: (t) => mutate(t, 'padded', 0, 0),
    malleated: (t) => mutate(t, 'malleated', 0, 0),
    // In a header, surrounding whitespace is the header's, not the token's; in JSON it is the token's.
    'space-wrapped': (t) => ` ${t} `,
  };
  for (const [name, spell] of Object.entries(spellings)) {
    if (name !== 'space-wrapped')
      assert.equal(
        (await get(app.url, '/api/v1/auth/vendor/me', spell(pair.access_token))).status,
        401,
        `${name} access token`,
      );
    for (const route of ['logout', 'refresh']) {
      const res = await post(app.url, `/api/v1/auth/vendor/${route}`, { refresh_token: spell(pair.refresh_token) });
      assert.equal(res.status, 401, `${route} with a ${name} refresh token`);
      assert.equal(res.body.code, 'invalid_refresh_token');
    }
  }
  assert.equal((await post(app.url, '/api/v1/auth/vendor/refresh', { refresh_token: pair.refresh_token })).status, 200);
});

// Regression: the body reader cancels an oversized chunked body half-read; the connection then kept
// the unread rest and the next request on it was never answered.
test('a 413 on a streamed body closes the connection, so the next request on it is answered', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const big = Buffer.from(`{"email":"${'a'.repeat(300_000)}@example.com","admin_type":"admin"}`);
    const path = '/api/v1/auth/admin/password-reset';
    // The server may also reset the connection while the client still writes; that is closing it too.
    const tooLarge = await rawRequest(app.url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: big,
      chunked: true,
      agent,
    }).catch((error: NodeJS.ErrnoException) =>
      ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') ? undefined : Promise.reject(error),
    );
    if (tooLarge) {
      assert.equal(tooLarge.status, 413);
      assert.equal(tooLarge.headers.connection, 'close');
    }
    const next = await rawRequest(app.url, { method: 'GET', path: '/api/v1/health', agent }, 5000);
    assert.equal(next.status, 200);
  } finally {
    agent.destroy();
  }
});

// Requests Next.js answers itself, before any route handler: the interface still wants problem+json.
test('malformed percent-encoding in the path and unknown methods get a 4xx problem+json, not a 500', async () => {
  const json = { 'content-type': 'application/json' };
  const cases: RawRequest[] = [
    { method: 'GET', path: '/api/v1/%E0%A4%A' },
    { method: 'GET', path: '/api/v1/auth/%ZZ/me' },
    { method: 'POST', path: '/api/v1/auth/admin/login%', headers: json, body: Buffer.from('{}') },
    { method: 'TRACE', path: '/api/v1/auth/admin/login' },
    { method: 'PROPFIND', path: '/api/v1/health' },
    // Regression, found by the fuzzing: headers over Node's limit got a bare 431 with no body.
    {
      method: 'GET',
      path: '/api/v1/auth/admin/me',
      headers: { authorization: `Bearer ${'eyJ'.repeat(4000)}`, 'x-filler': 'a'.repeat(8000) },
    },
  ];
  const failures: string[] = [];
  for (const request of cases) {
    const answer = await rawRequest(app.url, request);
    const problem = /^\{/.test(answer.text) ? (JSON.parse(answer.text) as { code?: string }) : {};
    const ok =
      answer.status >= 400 &&
      answer.status < 500 &&
      answer.headers['content-type'] === 'application/problem+json' &&
      problem.code! in ERROR_CATALOGUE;
    if (!ok)
      failures.push(
        `${request.method} ${request.path}${request.chunked ? ' (chunked body)' : ''}: ${answer.status} ${answer.headers['content-type']} ${answer.text.slice(0, 40)}`,
      );
  }
  assert.deepEqual(failures, []);
  assert.equal((await rawRequest(app.url, { method: 'GET', path: '/api/v1/health' })).status, 200);
});

/** The top-level fields of a body schema (of each shape, for a body that is one of several). */
function bodyFields(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap((option) => bodyFields(option)))];
  return [];
}

/** Every field of every JSON body a caller with an account (or none) can send, REST and tRPC alike. */
function textFieldCases() {
  const tokens: Record<string, string> = {
    admin: pairs.admin.access_token,
    vendor: pairs.vendor.access_token,
    customer: shopperToken,
  };
  // Real records, so that each route reaches its body (a missing business is a 404 first).
  const ids: Record<string, string> = {
    vendorId: seed.vendor.id,
    accountId: seed.employee.id,
    storeId: seed.storeA.id,
    adminId: seed.limited.id,
    customerId: seed.customer.id,
  };
  const idOf = (param: string) => ids[param] ?? '00000000-0000-4000-8000-000000000000';
  // Terminal and service-client routes take other credentials (the client ones a form body too); their own tests send
  // them.
  return NAMED_ROUTES.filter(({ route }) => route.auth !== 'terminal' && route.auth !== 'client').flatMap(
    ({ name, side, key, route }) =>
      bodyFields(route.body).map((field) => ({
        name,
        field,
        side,
        key,
        method: route.methods[0],
        path: `${API_PREFIX}${route.path.replace(/\{(\w+)\}/g, (_, param: string) => idOf(param))}`,
        params: Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, idOf(m[1]!)])),
        token: route.auth === 'bearer' ? tokens[side] : undefined,
      })),
  );
}

// Regression: text reaching PostgreSQL with a NUL ("invalid byte sequence for encoding UTF8: 0x00")
// was a 500, and an unpaired surrogate was silently stored as U+FFFD. The input parsing every
// adapter shares refuses both, naming the field.
test('a NUL or an unpaired surrogate in any body field, REST or tRPC, answers 400 validation_failed naming it', async () => {
  const cases = textFieldCases();
  assert.ok(cases.length >= 40, `only ${cases.length} body fields`);
  const failures: string[] = [];
  const property = fc.asyncProperty(fc.constantFrom(...cases), unstorableTextArb, async (c, text) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    };
    const rest = await rawRequest(app.url, {
      method: c.method,
      path: c.path,
      headers,
      body: Buffer.from(JSON.stringify({ [c.field]: text })),
    });
    const problem = JSON.parse(rest.text) as { code?: string; errors?: { path: string }[] };
    if (rest.status !== 400 || problem.code !== 'validation_failed' || problem.errors?.[0]?.path !== c.field) {
      failures.push(`REST ${c.name}.${c.field} ${JSON.stringify(text)}: ${rest.status} ${rest.text.slice(0, 200)}`);
    }
    // Refresh and logout take no input at the pages' session endpoint: they read the cookie.
    if (c.side === 'service' || c.side === 'terminal' || c.key === 'refresh' || c.key === 'logout') return;
    const input = JSON.stringify({ ...c.params, [c.field]: text });
    const procedure = `/api/trpc/${c.side}.${c.key}`;
    const trpc =
      c.method === 'GET'
        ? await rawRequest(app.url, { method: 'GET', path: `${procedure}?input=${encodeURIComponent(input)}`, headers })
        : await rawRequest(app.url, { method: 'POST', path: procedure, headers, body: Buffer.from(input) });
    const data = (JSON.parse(trpc.text) as { error?: { data?: { code?: string; errors?: { path: string }[] } } }).error
      ?.data;
    if (trpc.status !== 400 || data?.code !== 'validation_failed' || data.errors?.[0]?.path !== c.field) {
      failures.push(
        `tRPC ${c.side}.${c.key}.${c.field} ${JSON.stringify(text)}: ${trpc.status} ${trpc.text.slice(0, 200)}`,
      );
    }
  });
  await fc.assert(property, { seed: SEED, numRuns: Math.max(cases.length * 2, 150) });
  assert.deepEqual(failures, []);
});
