// An MCP agent reaches the store's MCP server (examples/store-mcp, its own process, behind the guard
// kit) with the MCP SDK's own client and OAuth support: its first call gets the 401, discovers the
// authorization server through the protected resource metadata it names, registers itself (RFC 7591)
// and is sent to /oauth/authorize, where Chromium signs in as the vendor owner and consents; the
// client exchanges the code and calls the tool, which answers the business's orders. A token of the
// same authorization server for another resource is refused with 401.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Page } from '@playwright/test';
import { signIn as signInOverApi } from '../test/support/sign-in';
import { startExampleService, type OrdersService } from '../test/support/orders-service';
import { expect, PASSWORDS, submitPassword, test } from './fixtures';

const { privateKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
test.use({
  appEnv: {
    JWT_ACCESS_ALGORITHM: 'EdDSA',
    JWT_ACCESS_PRIVATE_KEY: privateKey,
    OAUTH_DYNAMIC_REGISTRATION: '1',
    OAUTH_REGISTRATION_SCOPES: 'orders:read',
  },
});

// The agent's loopback redirect URI (RFC 8252): the browser's arrival there is the answer.
const REDIRECT = 'http://127.0.0.1:33419/callback';

/** What an MCP client keeps between runs, in memory: its registration, PKCE verifier and tokens. */
class AgentAuth implements OAuthClientProvider {
  registered?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  sentTo?: URL;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata = {
    client_name: 'Store agent',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation = () => this.registered;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.registered = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.sentTo = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

/** Follows `url` in the browser through sign-in and consent (Allow); the code the app's redirect URI got. */
async function authorizeInBrowser(page: Page, url: string, person: { email: string; password: string }) {
  let arrived: URL | undefined;
  // The agent's listener, answering every request there (the browser asks for an icon too).
  await page.route('http://127.0.0.1:33419/**', async (route) => {
    if (route.request().url().startsWith(REDIRECT)) arrived = new URL(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Agent</title><p>Back at the agent</p>',
    });
  });
  await page.goto(url);
  if (/\/vendor\/login/.test(page.url())) {
    await submitPassword(page, 'vendor', person.email, person.password);
    await page.waitForURL(/\/oauth\/interaction\//);
  }
  await expect(page.getByRole('heading', { name: 'Allow Store agent?' })).toBeVisible();
  await expect(page.getByText('This app registered itself:')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/127\.0\.0\.1:33419/);
  return arrived?.searchParams.get('code') ?? '';
}

let store: OrdersService;
test.afterAll(() => store?.stop());

test('an MCP client registers, has the owner sign in and consent, and lists the business orders with the tool', async ({
  page,
  server,
  accounts,
}) => {
  store ??= await startExampleService('examples/store-mcp/server.ts', {
    AUTH_API_URL: server.app.url,
    AUTH_REVOCATION: 'none',
  });
  const mcpUrl = new URL('/mcp', store.url);
  const owner = { email: accounts.owner.email, password: PASSWORDS.owner };
  // The business's till adds an order with the owner's own session (orders:write).
  const session = await signInOverApi(server.app.url, 'vendor', owner.email, owner.password);
  const added = await fetch(new URL('/orders', store.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'two coffees' }),
  });
  expect(added.status).toBe(201);
  const order = await added.json();

  // Without a token: the challenge names the metadata, which names this service and the authorization server.
  const bare = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(bare.status).toBe(401);
  const metadataUrl = `${store.url}/.well-known/oauth-protected-resource/mcp`;
  expect(bare.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
  expect(await (await fetch(metadataUrl)).json()).toEqual({
    resource: mcpUrl.href,
    authorization_servers: [server.app.url],
    scopes_supported: ['orders:read'],
    bearer_methods_supported: ['header'],
  });

  const auth = new AgentAuth();
  const first = new Client({ name: 'store-agent', version: '1.0.0' });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }))).rejects.toThrow(
    UnauthorizedError,
  );
  expect(auth.registered?.client_id).toMatch(/^app_[A-Za-z0-9_-]{22}$/);
  expect(`${auth.sentTo?.origin}${auth.sentTo?.pathname}`).toBe(`${server.app.url}/oauth/authorize`);
  expect(auth.sentTo?.searchParams.get('resource')).toBe(mcpUrl.href);
  expect(auth.sentTo?.searchParams.get('scope')).toBe('orders:read');

  const code = await authorizeInBrowser(page, auth.sentTo!.href, owner);
  expect(code).toBeTruthy();
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
  await transport.finishAuth(code);
  const claims = JSON.parse(Buffer.from(auth.saved!.access_token.split('.')[1]!, 'base64url').toString('utf8'));
  expect(claims).toMatchObject({ aud: mcpUrl.href, scope: 'orders:read', vendor_id: accounts.vendor.id });

  const agent = new Client({ name: 'store-agent', version: '1.0.0' });
  await agent.connect(transport);
  expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(['list_orders']);
  const listed = await agent.callTool({ name: 'list_orders', arguments: {} });
  expect(listed.isError).toBeFalsy();
  expect(listed.structuredContent).toEqual({ items: [order] });
  await agent.close();

  // The same app's token for another resource: the authorization server issues it, this server refuses it.
  const verifier = randomBytes(32).toString('base64url');
  const other = new URL('/oauth/authorize', server.app.url);
  for (const [name, value] of Object.entries({
    client_id: auth.registered!.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'orders:read',
    resource: 'https://other.example/mcp',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    other.searchParams.set(name, value);
  const otherCode = await authorizeInBrowser(page, other.href, owner);
  const exchanged = await fetch(new URL('/oauth/token', server.app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: otherCode,
      redirect_uri: REDIRECT,
      client_id: auth.registered!.client_id,
      code_verifier: verifier,
      resource: 'https://other.example/mcp',
    }),
  });
  expect(exchanged.status).toBe(200);
  const { access_token: foreign } = await exchanged.json();
  const refused = await fetch(mcpUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${foreign}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toBe(
    `Bearer resource_metadata="${metadataUrl}", error="invalid_token", error_description="invalid_token"`,
  );
});
