// Configuration rules: durations, production secrets, defaults, and the documented variables.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { assertServable, ConfigError, parseConfig } from '@/core/config';
import { envSchema } from '@/core/config-env';
import { parseDurationSeconds } from '@/core/duration';
import { serverEntry, serverNodeFlags } from '../../scripts/server-flags';

const secrets = {
  JWT_ACCESS_SECRET: 'a'.repeat(32),
  JWT_REFRESH_SECRET: 'b'.repeat(32),
  MFA_ENCRYPTION_KEY: 'm'.repeat(32),
};

test('durations accept 900, 30s, 15m, 12h and 7d, and nothing else', () => {
  assert.equal(parseDurationSeconds('900'), 900);
  assert.equal(parseDurationSeconds('30s'), 30);
  assert.equal(parseDurationSeconds('15m'), 900);
  assert.equal(parseDurationSeconds('12h'), 43200);
  assert.equal(parseDurationSeconds('7d'), 604800);
  for (const bad of ['', 'abc', '15x', '-5m', '1.5h', '0', 'm15', '99999999999999999999d']) {
    assert.equal(parseDurationSeconds(bad), null, bad);
  }
});

test('the defaults are the documented defaults', () => {
  const config = parseConfig({ NODE_ENV: 'production', ...secrets });
  assert.equal(config.jwt.accessTtl, 900);
  assert.equal(config.jwt.refreshTtl, 7 * 86400);
  assert.equal(config.jwt.refreshReuseGrace, 10);
  assert.equal(config.passwordReset.otpTtl, 600);
  assert.equal(config.passwordReset.tokenTtl, 600);
  assert.equal(config.passwordReset.maxAttempts, 5);
  assert.equal(config.bcryptRounds, 12);
  assert.equal(config.maxBodyBytes, 16384);
  assert.equal(config.rateLimits.loginPerIdentityIp, 10);
  assert.equal(config.dataDir, './.data');
  assert.equal(config.demoAccounts, false);
});

test('an unparsable duration stops start-up naming the variable', () => {
  assert.throws(
    () => parseConfig({ ...secrets, JWT_ACCESS_EXPIRES: 'soon' }),
    (e: Error) => e instanceof ConfigError && /JWT_ACCESS_EXPIRES/.test(e.message),
  );
});

test('production refuses missing, short or equal secrets, naming the variable', () => {
  assert.throws(() => parseConfig({ NODE_ENV: 'production' }), /JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required/);
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: 'a'.repeat(32) }),
    /JWT_REFRESH_SECRET is required/,
  );
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', ...secrets, JWT_REFRESH_SECRET: 'short' }),
    /JWT_REFRESH_SECRET must be at least 32 bytes/,
  );
  assert.throws(
    () =>
      parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: 'c'.repeat(40), JWT_REFRESH_SECRET: 'c'.repeat(40) }),
    /must be different/,
  );
});

// Regression: without APP_URL, passkeys worked only at http://localhost:3000 and failed at any other
// address with a message that named none; a production server now refuses to start without it.
test('serving under production rules needs APP_URL, naming it; development and the CLI do without', () => {
  const production = parseConfig({ NODE_ENV: 'production', ...secrets });
  assert.throws(
    () => assertServable(production),
    (e: Error) => e instanceof ConfigError && /^APP_URL is required/.test(e.message) && e.message.includes('passkeys'),
  );
  assert.doesNotThrow(() =>
    assertServable(parseConfig({ NODE_ENV: 'production', ...secrets, APP_URL: 'https://auth.example.com' })),
  );
  assert.doesNotThrow(() => assertServable(parseConfig({ NODE_ENV: 'development', ...secrets })));
  assert.throws(() => parseConfig({ NODE_ENV: 'production', ...secrets, APP_URL: 'auth.example.com' }), /APP_URL/);
});

// Regression: an unset NODE_ENV ran development rules (generated secrets, demo accounts, codes in the log).
test('without NODE_ENV, or with any value but development, production rules apply', () => {
  for (const env of [{}, { NODE_ENV: '' }, { NODE_ENV: 'test' }, { NODE_ENV: 'Development' }]) {
    assert.throws(
      () => parseConfig(env, () => ({ access: 'dev-access', refresh: 'dev-refresh', mfa: 'dev-mfa-key' })),
      /JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required/,
      JSON.stringify(env),
    );
    const config = parseConfig({ ...env, ...secrets });
    assert.equal(config.production, true);
    assert.equal(config.demoAccounts, false);
    assert.equal(config.passwordReset.logOtp, false);
  }
});

test('outside production missing secrets come from the development source, once', () => {
  let calls = 0;
  const config = parseConfig({ NODE_ENV: 'development' }, () => {
    calls += 1;
    return { access: 'dev-access', refresh: 'dev-refresh', mfa: 'dev-mfa-key' };
  });
  assert.equal(calls, 1);
  assert.equal(config.usingDevSecrets, true);
  assert.equal(config.jwt.accessSecret, 'dev-access');
  assert.equal(config.demoAccounts, true);
});

test('PASSWORD_RESET_LOG_OTP: 1 always, 0 never, unset outside production only', () => {
  assert.equal(
    parseConfig({ NODE_ENV: 'production', ...secrets, PASSWORD_RESET_LOG_OTP: '1' }).passwordReset.logOtp,
    true,
  );
  assert.equal(
    parseConfig({ NODE_ENV: 'development', ...secrets, PASSWORD_RESET_LOG_OTP: '0' }).passwordReset.logOtp,
    false,
  );
  assert.equal(parseConfig({ NODE_ENV: 'production', ...secrets }).passwordReset.logOtp, false);
  // Only an explicit development turns the default on; any other NODE_ENV is production rules.
  assert.equal(parseConfig({ NODE_ENV: 'test', ...secrets }).passwordReset.logOtp, false);
  assert.throws(() => parseConfig({ ...secrets, PASSWORD_RESET_LOG_OTP: 'yes' }), /PASSWORD_RESET_LOG_OTP/);
});

test('DATABASE_URL must be a PostgreSQL URL when set; TRUST_PROXY counts proxies', () => {
  assert.throws(() => parseConfig({ ...secrets, DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  assert.equal(parseConfig({ ...secrets, DATABASE_URL: '' }).databaseUrl, undefined);
  assert.equal(parseConfig({ ...secrets, TRUST_PROXY: 'true' }).trustProxyHops, 1);
  assert.equal(parseConfig({ ...secrets, TRUST_PROXY: '2' }).trustProxyHops, 2);
  assert.throws(() => parseConfig({ ...secrets, TRUST_PROXY: 'maybe' }), /TRUST_PROXY/);
});

test('operations settings: shutdown timing (a zero delay allowed), the metrics token, previous JWT secrets', () => {
  const defaults = parseConfig({ NODE_ENV: 'production', ...secrets });
  assert.deepEqual(defaults.shutdown, { delay: 5, timeout: 25 });
  assert.equal(defaults.metricsToken, undefined);
  assert.equal(defaults.jwt.previousAccessSecret, undefined);
  assert.equal(parseConfig({ ...secrets, SHUTDOWN_DELAY: '0' }).shutdown.delay, 0);
  assert.equal(parseConfig({ ...secrets, CLEANUP_INTERVAL: '0' }).cleanupInterval, 0, 'an instance that never sweeps');
  assert.throws(() => parseConfig({ ...secrets, CLEANUP_INTERVAL: 'never' }), /CLEANUP_INTERVAL/);
  assert.throws(() => parseConfig({ ...secrets, SHUTDOWN_TIMEOUT: '0' }), /SHUTDOWN_TIMEOUT/);
  assert.throws(() => parseConfig({ ...secrets, METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
  assert.equal(parseConfig({ ...secrets, METRICS_TOKEN: '' }).metricsToken, undefined, 'empty means unset');

  const previous = { JWT_ACCESS_SECRET_PREVIOUS: 'c'.repeat(32), JWT_REFRESH_SECRET_PREVIOUS: 'd'.repeat(32) };
  const rotated = parseConfig({
    NODE_ENV: 'production',
    ...secrets,
    ...previous,
    JWT_SECRET_PREVIOUS_UNTIL: '2026-12-01T12:00:00Z',
  });
  assert.equal(rotated.jwt.previousAccessSecret, 'c'.repeat(32));
  assert.equal(rotated.jwt.previousUntil?.toISOString(), '2026-12-01T12:00:00.000Z');
  assert.throws(() => parseConfig({ ...secrets, JWT_SECRET_PREVIOUS_UNTIL: 'next week' }), /JWT_SECRET_PREVIOUS_UNTIL/);
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', ...secrets, JWT_ACCESS_SECRET_PREVIOUS: 'short' }),
    /JWT_ACCESS_SECRET_PREVIOUS must be at least 32 bytes/,
  );
  assert.throws(
    () => parseConfig({ ...secrets, JWT_REFRESH_SECRET_PREVIOUS: secrets.JWT_REFRESH_SECRET }),
    /must differ from the current secrets/,
  );
});

test('.env.example lists every variable the service reads', async () => {
  const example = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
  const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const missing = Object.keys(envSchema.shape).filter((name) => !listed.has(name));
  assert.deepEqual(missing, []);
});

test('npm start bounds the heap at 320 MiB unless HEAP_LIMIT_MIB says otherwise, with 32 MiB semi-spaces, and the tests start the server alike', () => {
  assert.deepEqual(serverNodeFlags({}), ['--max-old-space-size=320', '--max-semi-space-size=32']);
  assert.deepEqual(serverNodeFlags({ HEAP_LIMIT_MIB: '512' }), [
    '--max-old-space-size=512',
    '--max-semi-space-size=32',
  ]);
});

test('npm start runs the start script the build bundled into its build folder', () => {
  assert.equal(serverEntry({}), '.next/start.mjs');
  assert.equal(serverEntry({ NEXT_DIST_DIR: '.next-other' }), '.next-other/start.mjs');
});

test('access tokens: HS256 by default; EdDSA and ES256 need a PKCS#8 key of their kind, named when missing in production', async () => {
  const { generateKeyPairSync } = await import('node:crypto');
  const pem = (type: 'ed25519' | 'ec') =>
    generateKeyPairSync(type as 'ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
  const ed = pem('ed25519');
  const ec = pem('ec');
  assert.equal(parseConfig({ NODE_ENV: 'production', ...secrets }).jwt.accessAlgorithm, 'HS256');
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', ...secrets, JWT_ACCESS_ALGORITHM: 'EdDSA' }),
    /JWT_ACCESS_PRIVATE_KEY is required with JWT_ACCESS_ALGORITHM=EdDSA/,
  );
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', ...secrets, JWT_ACCESS_ALGORITHM: 'RS256' }),
    /JWT_ACCESS_ALGORITHM/,
  );
  assert.throws(
    () =>
      parseConfig({
        NODE_ENV: 'production',
        ...secrets,
        JWT_ACCESS_ALGORITHM: 'ES256',
        JWT_ACCESS_PRIVATE_KEY: ed.privateKey,
      }),
    /must be a P-256 key/,
  );
  assert.throws(
    () =>
      parseConfig({
        NODE_ENV: 'production',
        ...secrets,
        JWT_ACCESS_ALGORITHM: 'EdDSA',
        JWT_ACCESS_PRIVATE_KEY: ed.publicKey,
      }),
    /PKCS#8/,
  );
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production', ...secrets, JWT_ACCESS_PRIVATE_KEY: ed.privateKey }),
    /JWT_ACCESS_ALGORITHM is HS256/,
  );
  const oneLine = ed.privateKey.replace(/\n/g, '\\n');
  const config = parseConfig({
    NODE_ENV: 'production',
    ...secrets,
    JWT_ACCESS_ALGORITHM: 'EdDSA',
    JWT_ACCESS_PRIVATE_KEY: oneLine,
    JWT_ACCESS_PREVIOUS_PUBLIC_KEY: ec.publicKey,
  });
  assert.equal(config.jwt.accessKeyPair?.privateKey, ed.privateKey, 'a PEM on one line with \\n escapes is read');
  assert.equal(config.jwt.accessKeyPair?.previous?.algorithm, 'ES256', "the previous key's algorithm is its own");
  assert.throws(
    () =>
      parseConfig({
        NODE_ENV: 'production',
        ...secrets,
        JWT_ACCESS_ALGORITHM: 'EdDSA',
        JWT_ACCESS_PRIVATE_KEY: ed.privateKey,
        JWT_ACCESS_PREVIOUS_PUBLIC_KEY: 'nope',
      }),
    /JWT_ACCESS_PREVIOUS_PUBLIC_KEY/,
  );
  const asked: string[] = [];
  const dev = parseConfig(
    { NODE_ENV: 'development', JWT_ACCESS_ALGORITHM: 'ES256' },
    () => ({ access: 'a'.repeat(40), refresh: 'r'.repeat(40), mfa: 'm'.repeat(40) }),
    (alg) => {
      asked.push(alg);
      return ec.privateKey;
    },
  );
  assert.deepEqual(asked, ['ES256']);
  assert.equal(dev.jwt.usingDevAccessKey, true);
});

test('dynamic registration is off by default; OAUTH_REGISTRATION_SCOPES takes app scopes only', () => {
  const plain = parseConfig({ ...secrets });
  assert.deepEqual(plain.appRegistration, { enabled: false, scopes: ['openid', 'profile', 'email', 'offline_access'] });
  const on = parseConfig({
    ...secrets,
    OAUTH_DYNAMIC_REGISTRATION: '1',
    OAUTH_REGISTRATION_SCOPES: 'orders:read, offline_access',
  });
  assert.deepEqual(on.appRegistration, { enabled: true, scopes: ['orders:read', 'offline_access'] });
  assert.throws(
    () => parseConfig({ ...secrets, OAUTH_REGISTRATION_SCOPES: 'orders:read admin:write' }),
    /OAUTH_REGISTRATION_SCOPES.*not an app scope: admin:write/,
  );
});
