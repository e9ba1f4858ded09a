// The route table is what the app serves: every entry answers its declared methods with a declared
// status, every other method of its path with 405 and the declared Allow, and nothing outside the
// table is served (route files only re-export the dispatcher, unknown paths 404 problem+json).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ERROR_CATALOGUE } from '@/contract/error-catalogue';
import { NAMED_ROUTES } from '@/contract/routes';
import { ROOT } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const app = appSuite({ seed: false });

const fill = (template: string) => template.replace(/\{(\w+)\}/g, 'no-such-id');
/** Whether some entry's path template matches `path` (then it is a listed path, not an unknown one). */
const inTable = (path: string) =>
  NAMED_ROUTES.some(({ route }) => new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));

/** The token routes that are also static Next.js paths, for speed; the dispatcher answers them as any other. */
const STATIC_TOKEN_ROUTES = [
  'admin/me',
  'vendor/me',
  'customer/me',
  'vendor/context',
  'admin/refresh',
  'vendor/refresh',
  'customer/refresh',
];

test("the route handlers under /api/v1 are the dispatcher, static paths of the table that re-export it, and the bench's two handlers", () => {
  const dir = path.join(ROOT, 'src/app/api/v1');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'route.ts')
    .map((f) => f.replace(/\\/g, '/'));
  const staticFiles = STATIC_TOKEN_ROUTES.map((p) => `auth/${p}/route.ts`);
  assert.deepEqual(
    files.sort(),
    ['[[...path]]/route.ts', 'bench/noop/route.ts', 'bench/compare/route.ts', ...staticFiles].sort(),
  );
  for (const file of ['[[...path]]/route.ts', ...staticFiles]) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    assert.match(
      source,
      /^export \{ GET, POST, PUT, PATCH, DELETE, OPTIONS \} from '@\/server\/rest\/route-handlers';$/m,
      file,
    );
    assert.equal(
      source.split('\n').filter((line) => line && !line.startsWith('//')).length,
      1,
      `${file} holds nothing but the re-export`,
    );
  }
  for (const p of STATIC_TOKEN_ROUTES) assert.ok(inTable(`/auth/${p}`), `/auth/${p} is in the route table`);
});

test('every table entry answers its methods with a declared status, and other methods with 405 and Allow', async () => {
  const methodsOf = new Map<string, Set<string>>();
  for (const { route } of NAMED_ROUTES) {
    const served = methodsOf.get(route.path) ?? new Set<string>();
    route.methods.forEach((m) => served.add(m));
    methodsOf.set(route.path, served);
  }
  for (const { name, route } of NAMED_ROUTES) {
    const declared = new Set([...route.resultStatuses, ...route.errors.map((code) => ERROR_CATALOGUE[code].status)]);
    for (const method of METHODS) {
      const answer = await request(app.url, method, `/api/v1${fill(route.path)}`);
      const allowed = methodsOf.get(route.path)!;
      if (allowed.has(method)) {
        if (!route.methods.includes(method as never)) continue; // another entry of the same path serves it
        assert.ok(
          declared.has(answer.status),
          `${name}: ${method} answered ${answer.status}, declared ${[...declared].join(', ')}: ${answer.text}`,
        );
      } else {
        assert.equal(answer.status, 405, `${name}: ${method} ${answer.text}`);
        assert.equal(answer.body.code, 'method_not_allowed');
        assert.deepEqual(answer.headers.get('allow')?.split(', ').sort(), [...allowed].sort(), `${name}: Allow`);
      }
    }
  }
});

// Regression: Next.js answered OPTIONS on every path under /api/v1, an unknown one too, with 204
// and an Allow that listed every method, whatever the path served.
test("OPTIONS on a listed path answers 204 with Allow naming that path's own methods", async () => {
  const methodsOf = new Map<string, Set<string>>();
  for (const { route } of NAMED_ROUTES)
    methodsOf.set(route.path, new Set([...(methodsOf.get(route.path) ?? []), ...route.methods]));
  for (const [template, methods] of methodsOf) {
    const answer = await request(app.url, 'OPTIONS', `/api/v1${fill(template)}`);
    assert.equal(answer.status, 204, `${template}: ${answer.text}`);
    assert.deepEqual(
      answer.headers.get('allow')?.split(', ').sort(),
      [...methods, 'OPTIONS'].sort(),
      `${template}: Allow`,
    );
    assert.equal(answer.headers.get('access-control-allow-methods'), null, `${template}: not a preflight`);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', template);
  }
});

test('paths the table lacks are 404 problem+json for every method', async () => {
  const unlisted = [
    '/',
    '/auth',
    '/auth/admin',
    '/auth/admin/context',
    '/auth/shopper/login',
    '/auth/admin/login/extra',
    '/admin',
    '/vendor/accounts/a/b/c/d',
    '/bench/noop',
    '/bench/compare',
    '/HEALTH',
    ...NAMED_ROUTES.map(({ route }) => `${fill(route.path)}/more`),
  ].filter((p) => !inTable(p));
  for (const p of unlisted) {
    for (const method of [...METHODS, 'OPTIONS']) {
      const body = method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' };
      const answer = await request(app.url, method, `/api/v1${p}`, body);
      // Next.js redirects a trailing slash before any handler runs; that is no route either.
      if (answer.status === 308) continue;
      assert.equal(answer.status, 404, `${method} ${p}: ${answer.text}`);
      assert.equal(answer.headers.get('content-type'), 'application/problem+json');
      assert.equal(answer.body.code, 'not_found');
    }
  }
});
