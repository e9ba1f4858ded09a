// Under HS256 access tokens (the default) the authorization server is off: another service could not
// verify an app's token without the shared secret. Every OAuth path answers 404 problem+json and the
// start-up log says why in one line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const app = appSuite({ seed: false });

test('HS256: the discovery documents and every /oauth path are 404 problem+json, and the log says why', async () => {
  const paths = [
    ['GET', '/.well-known/openid-configuration'],
    ['GET', '/.well-known/oauth-authorization-server'],
    ['GET', '/oauth/authorize?client_id=app_x&response_type=code'],
    ['POST', '/oauth/token'],
    ['GET', '/oauth/jwks'],
    ['GET', '/oauth/userinfo'],
    ['POST', '/oauth/revoke'],
  ] as const;
  for (const [method, path] of paths) {
    const res = await request(app.url, method, path);
    assert.equal(res.status, 404, `${method} ${path}`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(res.body.code, 'not_found');
  }
  const lines = app.output.filter((line) => line.includes('oauth_off'));
  assert.equal(lines.length, 1, 'one line');
  assert.match(lines[0]!, /OAuth routes off \(404\).*JWT_ACCESS_ALGORITHM=EdDSA or ES256/);
});
