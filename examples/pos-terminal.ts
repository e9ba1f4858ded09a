// A POS terminal on the typed client: signs in as an employee, loads the vendor context, picks a
// store and a terminal, then keeps calling /me across an access-token expiry, printing each step.
//
//   POS_EMAIL=c@example.com POS_PASSWORD=... npm run example:pos -- --base-url http://localhost:3000
//
// Flags: --base-url (else VITE_API_URL / NEXT_PUBLIC_API_URL, else http://localhost:3000 in
// development), --email / --password (else POS_EMAIL / POS_PASSWORD), --store and --terminal (id or
// name; else the first), --interval seconds between calls, --token-file to keep the session in a
// file, --max-seconds to give up. It ends after the first refresh and one more successful call.
import { parseArgs } from 'node:util';
import { createAuthClient, isAuthClientError, type FetchLike, type VendorContext } from 'commerce-auth/client';
import { fileTokenStore } from 'commerce-auth/client/file-token-store';

const USAGE = `Usage: POS_EMAIL=... POS_PASSWORD=... npm run example:pos -- [--base-url URL] [--email E] [--password P]
         [--store ID|NAME] [--terminal ID|NAME] [--interval S] [--token-file FILE] [--max-seconds S]

Signs in as an employee through the typed client, loads the vendor context, picks a store and a
terminal, then calls /me every --interval seconds across an access-token expiry, printing each step.`;

function parseFlags() {
  try {
    const parsed = parseArgs({
      options: {
        'base-url': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        store: { type: 'string' },
        terminal: { type: 'string' },
        interval: { type: 'string' },
        'token-file': { type: 'string' },
        'max-seconds': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (parsed.values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return parsed.values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}
// Standalone like the rest of the example: it depends on the package's client only.
const flags = parseFlags();

const log = (message: string) => console.log(`[pos] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message: string): never {
  console.error(`[pos] ${message}`);
  process.exit(1);
}

let refreshes = 0;
/** Prints every HTTP exchange, so the refresh-on-401 is visible as it happens. */
const loggingFetch: FetchLike = async (url, init) => {
  const response = await fetch(url, init);
  if (url.endsWith('/refresh') && response.ok) refreshes += 1;
  log(`  ${init.method ?? 'GET'} ${new URL(url, 'http://relative').pathname} -> ${response.status}`);
  return response;
};

const pick = <T extends { id: string; name: string }>(items: T[], wanted: string | undefined) =>
  wanted === undefined ? items[0] : items.find((item) => item.id === wanted || item.name === wanted);

function chooseWorkplace(context: VendorContext) {
  const store = pick(context.stores, flags.store);
  if (!store) fail(flags.store ? `no store "${flags.store}" for this account` : 'this account is assigned to no store');
  const terminal = pick(
    context.pos_terminals.filter((t) => t.store_id === store.id),
    flags.terminal,
  );
  if (!terminal)
    fail(flags.terminal ? `no terminal "${flags.terminal}" in ${store.name}` : `${store.name} has no POS terminal`);
  return { store, terminal };
}

async function main() {
  const email = flags.email ?? process.env.POS_EMAIL;
  const password = flags.password ?? process.env.POS_PASSWORD;
  if (!email || !password) fail('give the employee credentials: --email and --password, or POS_EMAIL and POS_PASSWORD');

  const client = createAuthClient({
    baseUrl: flags['base-url'],
    fetch: loggingFetch,
    ...(flags['token-file'] ? { tokenStore: fileTokenStore(flags['token-file']) } : {}),
    onSessionExpired: ({ error }) => fail(`session expired (${error.code}): sign in again`),
  });
  log(`API root: ${client.apiRoot}`);

  const login = await client.vendor.login({ email, password });
  if (!('access_token' in login)) fail('this account signs in with a second factor, which this example does not enter');
  log(
    `signed in as ${login.vendor.name} <${login.vendor.email}> (${login.vendor.vendor_type}); access token lives ${login.expires_in} s`,
  );

  const context = await client.vendor.context();
  log(
    `context: ${context.vendor.name}, ${context.stores.length} store(s), ${context.pos_terminals.length} terminal(s)`,
  );
  const { store, terminal } = chooseWorkplace(context);
  log(`store: ${store.name} (${store.id})`);
  log(`terminal: ${terminal.name} (${terminal.id})`);

  const intervalMs = Number(flags.interval ?? Math.min(Math.max(login.expires_in / 4, 0.25), 60)) * 1000;
  const deadline = Date.now() + Number(flags['max-seconds'] ?? login.expires_in * 3 + 10) * 1000;
  log(`calling /me every ${intervalMs / 1000} s until the access token has expired and been refreshed`);

  for (let call = 1; ; call += 1) {
    const before = refreshes;
    const { vendor } = await client.vendor.me();
    log(
      `/me #${call}: ${vendor.name} at ${terminal.name}${refreshes > before ? ' (access token expired: refreshed and retried)' : ''}`,
    );
    if (refreshes > 0 && refreshes === before) break; // a call after the refresh worked on the new token
    if (Date.now() > deadline) fail('no access-token expiry seen before --max-seconds; is JWT_ACCESS_EXPIRES short?');
    await sleep(intervalMs);
  }

  await client.vendor.logout();
  log(`done: ${refreshes} refresh(es), no second sign-in needed; signed out`);
}

main().catch((error: unknown) => {
  if (isAuthClientError(error)) fail(`${error.status} ${error.code}: ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
});
