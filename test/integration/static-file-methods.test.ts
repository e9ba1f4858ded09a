// Build files take GET and HEAD only. Any other method on /_next/static/ was a bare 500 from Next.js
// itself (vercel/next.js#92141), with none of the app's headers; it is 405 problem+json with
// Allow: GET, HEAD now. And no page route answers any method with a 5xx.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { appSuite } from '../support/app-suite';
import { ROOT } from '../support/app-process';
import { closeRawConnections, rawRequest } from '../support/raw-http';

const s = appSuite({ seed: false });
after(closeRawConnections);

const OTHER_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const body = Buffer.from('{}');

/** Every page of src/app, each dynamic segment filled with an id that does not exist. */
function pagePaths(dir = path.join(ROOT, 'src/app'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'page.tsx' ? [prefix || '/'] : [];
    if (prefix === '' && entry.name === 'api') return [];
    return pagePaths(path.join(dir, entry.name), `${prefix}/${entry.name.startsWith('[') ? 'no-such-id' : entry.name}`);
  });
}

test("anything but GET and HEAD on a build file is 405 problem+json with Allow: GET, HEAD and the app's headers", async () => {
  const page = await rawRequest(s.url, { method: 'GET', path: '/admin/login' });
  const chunk = page.text.match(/\/_next\/static\/chunks\/[\w.-]+\.js/)?.[0];
  assert.ok(chunk, 'the page names a chunk');
  assert.equal((await rawRequest(s.url, { method: 'GET', path: chunk })).status, 200);
  assert.equal((await rawRequest(s.url, { method: 'HEAD', path: chunk })).status, 200);
  for (const target of [chunk, '/_next/static/chunks/no-such-file.js', '/_next/static/media/x.woff2']) {
    for (const method of OTHER_METHODS) {
      const answer = await rawRequest(s.url, {
        method,
        path: target,
        body,
        headers: { 'content-type': 'application/json' },
      });
      const label = `${method} ${target}: ${answer.status} ${answer.text.slice(0, 200)}`;
      assert.equal(answer.status, 405, label);
      assert.equal(answer.headers['content-type'], 'application/problem+json', label);
      assert.equal(answer.headers.allow, 'GET, HEAD', label);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', label);
      assert.equal(answer.headers['cache-control'], 'no-store', label);
      assert.equal(JSON.parse(answer.text).code, 'method_not_allowed', label);
    }
  }
});

test('no page route answers any method with a 5xx', async () => {
  const paths = pagePaths();
  assert.ok(paths.includes('/admin/webhooks') && paths.includes('/docs/api/no-such-id'), paths.join(' '));
  for (const target of paths) {
    for (const method of ['GET', 'HEAD', ...OTHER_METHODS]) {
      for (const headers of [
        {},
        { 'content-type': 'application/json' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ] as Record<string, string>[]) {
        const answer = await rawRequest(s.url, {
          method,
          path: target,
          headers,
          ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
        });
        assert.ok(
          answer.status < 500,
          `${method} ${target} ${JSON.stringify(headers)}: ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      }
    }
  }
});
