// Malformed requests get a clear 4xx problem+json answer, never a 500.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const app = appSuite({ seed: false });

function assertProblem(
  res: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
  label: string,
) {
  assert.equal(res.status, status, `${label}: status`);
  assert.equal(res.headers.get('content-type'), 'application/problem+json', `${label}: content-type`);
  assert.equal(res.body.code, code, `${label}: code`);
  assert.equal(res.body.status, status, `${label}: body status`);
  assert.equal(typeof res.body.title, 'string');
  assert.equal(typeof res.body.detail, 'string');
  assert.match(res.body.type, /^urn:problem:auth:/);
}

const POST_ROUTES = [
  '/api/v1/auth/admin/login',
  '/api/v1/auth/vendor/login',
  '/api/v1/auth/admin/refresh',
  '/api/v1/auth/vendor/logout',
  '/api/v1/auth/admin/password-reset',
  '/api/v1/auth/vendor/password-reset/verify',
  '/api/v1/auth/admin/password-reset/complete',
];

test('malformed JSON is 400 on every body route', async () => {
  for (const path of POST_ROUTES) {
    assertProblem(
      await request(app.url, 'POST', path, { body: '{"email": ', headers: { 'content-type': 'application/json' } }),
      400,
      'validation_failed',
      path,
    );
  }
});

test('missing fields and wrong types are 400 with errors naming the field', async () => {
  const missing = await request(app.url, 'POST', '/api/v1/auth/admin/login', { json: { email: 'a@example.com' } });
  assertProblem(missing, 400, 'validation_failed', 'missing password');
  assert.deepEqual(
    missing.body.errors.map((e: { path: string }) => e.path),
    ['password'],
  );

  const wrongTypes = await request(app.url, 'POST', '/api/v1/auth/vendor/login', {
    json: { email: 42, password: ['x'] },
  });
  assertProblem(wrongTypes, 400, 'validation_failed', 'wrong types');
  assert.deepEqual(wrongTypes.body.errors.map((e: { path: string }) => e.path).sort(), ['email', 'password']);

  for (const body of [null, [], 'text', 12, true, {}]) {
    assertProblem(
      await request(app.url, 'POST', '/api/v1/auth/admin/refresh', { json: body }),
      400,
      'validation_failed',
      JSON.stringify(body),
    );
  }
  assertProblem(
    await request(app.url, 'POST', '/api/v1/auth/admin/login', { json: { email: 'not-an-email', password: 'x' } }),
    400,
    'validation_failed',
    'bad email',
  );
});

test('a 17 KiB body is 413, declared or streamed', async () => {
  const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(17 * 1024) });
  assertProblem(
    await request(app.url, 'POST', '/api/v1/auth/admin/login', {
      body: big,
      headers: { 'content-type': 'application/json' },
    }),
    413,
    'payload_too_large',
    'declared',
  );
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(big));
      controller.close();
    },
  });
  const res = await fetch(`${app.url}/api/v1/auth/admin/login`, {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  assert.equal(res.status, 413, 'chunked');
  assert.equal((await res.json()).code, 'payload_too_large');
});

test('a body that is not JSON is 415', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    assertProblem(
      await request(app.url, 'POST', '/api/v1/auth/admin/login', {
        body: 'email=a&password=b',
        headers: { 'content-type': type },
      }),
      415,
      'unsupported_media_type',
      type,
    );
  }
  assertProblem(
    await request(app.url, 'POST', '/api/v1/auth/admin/login', { body: '{}' }),
    415,
    'unsupported_media_type',
    'no content type',
  );
});

test('unknown routes are 404 and wrong methods 405, as problem+json', async () => {
  assertProblem(await request(app.url, 'GET', '/api/v1/nothing-here'), 404, 'not_found', 'unknown');
  assertProblem(
    await request(app.url, 'POST', '/api/v1/auth/root/login', { json: {} }),
    404,
    'not_found',
    'unknown role',
  );
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    assertProblem(
      await request(app.url, method, '/api/v1/auth/admin/context'),
      404,
      'not_found',
      `${method} admin context`,
    );
    assertProblem(await request(app.url, method, '/api/v1/auth/root/me'), 404, 'not_found', `${method} unknown role`);
  }
  const wrongMethod = await request(app.url, 'GET', '/api/v1/auth/admin/login');
  assertProblem(wrongMethod, 405, 'method_not_allowed', 'GET login');
  assert.equal(wrongMethod.headers.get('allow'), 'POST');
});

test('the server is still healthy after all of it', async () => {
  assert.equal((await request(app.url, 'GET', '/api/v1/health')).status, 200);
});
