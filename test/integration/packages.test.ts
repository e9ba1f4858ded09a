// @commerce-auth/guard and @commerce-auth/client as their users get them: packed, each installed from
// its tarball into an empty folder (dependencies from the registry), and used there against the
// started app by plain `node` on Node 22 and 26, and by a Vite-built page in Chromium from another origin.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { after, test } from 'node:test';
import { chromium } from '@playwright/test';
import { importPKCS8, SignJWT } from 'jose';
import playwrightConfig from '../../playwright.config';
import { installRelease } from '../../scripts/lts/prepare';
import { PASSWORDS } from '../support/accounts';
import { freePort, ROOT } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { TEST_DIALECT } from '../support/databases';
import { request } from '../support/http';
import {
  copyConsumers,
  installInEmptyFolder,
  packTarballs,
  removeFolders,
  runNode,
  serveStatic,
  startNodeService,
  typeCheck,
  viteBuild,
  type Tarballs,
} from '../support/packages';
import { registerServiceClient, type ServiceCredentials } from '../support/service-calls';
import { signIn } from '../support/sign-in';

/** The releases the packages' engines promise: the oldest maintained and the current LTS. */
const RELEASES = [22, 26] as const;
// Nothing here touches the database, and a checkout mirrored for another Node release
// (scripts/lts/prepare.ts) would only repeat what this file runs on each release itself.
const skip =
  TEST_DIALECT !== 'sqlite'
    ? 'the packages meet no database: the SQLite pass runs this file'
    : /[\\/]\.cache[\\/]node-releases[\\/]/.test(ROOT)
      ? 'this file runs Node 22 and 26 itself'
      : false;

const key = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const otherKey = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const pagePort = await freePort();
const pageOrigin = `http://127.0.0.1:${pagePort}`;

let tarballs: Tarballs;
let serviceClient: ServiceCredentials;
const app = appSuite({
  seed: skip ? false : 'pk',
  instances: skip ? 0 : 1,
  // Key pair signing, as the guide recommends: the kit reads the JWKS and holds no secret.
  env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: key.privateKey, CORS_ORIGINS: pageOrigin },
  setup: async (suite) => {
    if (skip) return;
    [tarballs, serviceClient] = await Promise.all([packTarballs(), registerServiceClient(suite.db, 'orders')]);
  },
});
const { seed } = app;
const folders: string[] = [];
after(() => removeFolders(folders));

/** One install per package and release, shared by the tests that use it. */
const installs = new Map<string, Promise<string>>();
function installed(pkg: keyof Tarballs, major: number): Promise<string> {
  const label = `${pkg}-node-${major}`;
  if (!installs.has(label)) {
    installs.set(
      label,
      installInEmptyFolder(tarballs[pkg], installRelease(major).node, label).then(
        (folder) => (folders.push(folder), folder),
      ),
    );
  }
  return installs.get(label)!;
}

/** An access token of this service's issuer and audience, signed with a key the auth service never had. */
async function tokenOfAnotherKey(): Promise<string> {
  return new SignJWT({ purpose: 'access', role: 'vendor', vendor_type: 'owner', modules: [] })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
    .setSubject(seed.owner.id)
    .setIssuer('commerce-auth')
    .setAudience('commerce-platform')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(await importPKCS8(otherKey.privateKey, 'EdDSA'));
}

for (const major of RELEASES) {
  test(
    `Node ${major}: a service protected by the guard kit from its tarball lets the app's access token through and refuses others`,
    { skip },
    async () => {
      const node = installRelease(major).node;
      const folder = await installed('guard', major);
      copyConsumers(folder, 'guard-service.mjs');
      const service = await startNodeService(node, folder, 'guard-service.mjs', {
        AUTH_API_URL: app.url,
        AUTH_CLIENT_ID: serviceClient.client_id,
        AUTH_CLIENT_SECRET: serviceClient.client_secret,
        AUTH_RESOURCE: 'https://orders.example/api',
      });
      const metadata = 'resource_metadata="https://orders.example/.well-known/oauth-protected-resource/api"';
      try {
        const document = await request(service.url, 'GET', '/.well-known/oauth-protected-resource/api');
        assert.deepEqual(document.body, {
          resource: 'https://orders.example/api',
          authorization_servers: [app.url],
          scopes_supported: ['orders:read'],
          bearer_methods_supported: ['header'],
        });
        const owner = await signIn(app.url, 'vendor', seed.owner.email, PASSWORDS.owner);
        const allowed = await request(service.url, 'GET', '/orders', { token: owner.access_token });
        assert.equal(allowed.status, 200, allowed.text);
        assert.equal(allowed.body.accountId, seed.owner.id);
        assert.equal(allowed.body.node.split('.')[0], String(major));
        assert.equal(allowed.body.stats.requests.jwks, 1, 'the public keys came from the JWKS');
        assert.equal(allowed.body.stats.feed.synced, true, 'the revocation feed answered the service client');

        for (const token of ['not-a-token', await tokenOfAnotherKey()]) {
          const refused = await request(service.url, 'GET', '/orders', { token });
          assert.equal(refused.status, 401, refused.text);
          assert.equal(refused.headers.get('content-type'), 'application/problem+json');
          assert.equal(refused.body.code, 'invalid_token');
          assert.equal(
            refused.headers.get('www-authenticate'),
            `Bearer ${metadata}, error="invalid_token", error_description="invalid_token"`,
          );
        }
        const customer = await signIn(app.url, 'customer', seed.customer.email, PASSWORDS.customer);
        assert.equal(
          (await request(service.url, 'GET', '/orders', { token: customer.access_token })).body.code,
          'module_denied',
        );
      } finally {
        await service.stop();
      }
    },
  );

  test(
    `Node ${major}: a script with the client from its tarball signs in, keeps its session in a file and reads the profile`,
    { skip },
    async () => {
      const node = installRelease(major).node;
      const folder = await installed('client', major);
      copyConsumers(folder, 'client-sign-in.mjs');
      const result = await runNode(node, folder, 'client-sign-in.mjs', {
        AUTH_API_URL: app.url,
        EMAIL: seed.owner.email,
        PASSWORD: PASSWORDS.owner,
        TOKEN_FILE: path.join(folder, 'session', 'tokens.json'),
      });
      assert.deepEqual(result, {
        node: result.node,
        apiRoot: `${app.url}/api/v1`,
        refusal: { status: 401, code: 'invalid_credentials' },
        email: seed.owner.email,
        storedIsTheSignIn: true,
      });
      assert.equal(result.node.split('.')[0], String(major));
    },
  );
}

test(
  "the packages' declarations resolve in the folders they were installed into and type the calls",
  { skip },
  async () => {
    const [guardFolder, clientFolder] = await Promise.all([
      installed('guard', RELEASES[0]),
      installed('client', RELEASES[0]),
    ]);
    copyConsumers(guardFolder, 'guard-types.mts');
    copyConsumers(clientFolder, 'client-types.mts');
    await typeCheck(guardFolder, 'guard-types.mts');
    await typeCheck(clientFolder, 'client-types.mts');
  },
);

test('a page built with Vite around the client signs in from another origin in Chromium', { skip }, async () => {
  const folder = await installInEmptyFolder(tarballs.client, installRelease(RELEASES.at(-1)!).node, 'page');
  folders.push(folder);
  copyConsumers(folder, 'spa/index.html', 'spa/main.js');
  // The API's address as a Vite app is configured: at build time, read by the client's base-address rule.
  const site = await serveStatic(await viteBuild(folder, { VITE_API_URL: app.url }), pagePort);
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const page = await browser.newPage();
    const answers: { url: string; status: number; allowOrigin: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(app.url))
        answers.push({
          url: response.url(),
          status: response.status(),
          allowOrigin: response.headers()['access-control-allow-origin'],
        });
    });
    await page.goto(`${pageOrigin}/`);
    const signInWith = async (password: string) => {
      await page.fill('input[name=email]', seed.owner.email);
      await page.fill('input[name=password]', password);
      await page.click('button[type=submit]');
    };
    await signInWith('not-the-password');
    await page.locator('#status', { hasText: 'Refused: invalid_credentials' }).waitFor();
    await signInWith(PASSWORDS.owner);
    await page.locator('#status', { hasText: `Signed in as ${seed.owner.email} through ${app.url}/api/v1` }).waitFor();

    assert.deepEqual(
      answers.map(({ url, status }) => [new URL(url).pathname, status]),
      [
        ['/api/v1/auth/vendor/login', 401],
        ['/api/v1/auth/vendor/login', 200],
        ['/api/v1/auth/vendor/me', 200],
      ],
    );
    for (const answer of answers)
      assert.equal(answer.allowOrigin, pageOrigin, `${answer.url} answers the page's origin`);
  } finally {
    await browser.close();
    await new Promise((resolve) => site.close(resolve));
  }
});
