// The factor enrolment routes probed with each credential their description names (a Bearer token,
// the login's mfa_token in the body) and with neither, and the bounds the description states for
// account-creation passwords and the audit lists' times, checked against what the service refuses.
import assert from 'node:assert/strict';
import { PASSWORD_MIN_LENGTH } from '@/contract/auth-schemas';
import { withContainer } from '../accounts';
import { EXTRA_PASSWORD, type AdministrationSuite } from '../admin-world';
import { signIn } from '../sign-in';
import { softwareAuthenticator } from '../software-authenticator';
import type { Doc, Probe } from '../openapi-probe';

const ENROLMENT = ['mfa/totp/setup', 'mfa/totp/confirm', 'passkeys/register/options', 'passkeys/register/verify'];
/** A Bearer token, or no header at all: then the body's mfa_token is the credential. */
const BEARER_OR_MFA_TOKEN = [{ bearerAuth: [] }, {}];

type Schema = { properties?: Record<string, Schema>; minLength?: number; maxLength?: number };
const bodySchema = (doc: Doc, path: string) =>
  (doc.paths[path]!.post!.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!
    .schema;

// Regression: these routes were described with `security: []` (public), yet refuse a call without
// a Bearer token or an mfa_token with 401.
export async function probeEnrolmentCredentials(
  app: AdministrationSuite,
  probe: Probe,
  resolved: () => Doc,
): Promise<void> {
  const enrolling = await app.start({ ...app.env, MFA_REQUIRED: 'admin,owner' });
  // One account of each role adds a factor while signed in, another enrols at sign-in.
  const emails = { admin: 'probe-enrol-admin@example.com', vendor: 'probe-enrol-owner@example.com' };
  const signedIn = { admin: 'probe-bearer-admin@example.com', vendor: 'probe-bearer-owner@example.com' };
  await withContainer(app.db, async ({ auth }) => {
    for (const [email, name] of [
      [emails.admin, 'Enrolling'],
      [signedIn.admin, 'Signed in'],
    ] as const)
      await auth.operator.createAdmin({ email, password: EXTRA_PASSWORD, name, admin_type: 'admin' });
    for (const [email, name] of [
      [emails.vendor, 'Enrolling'],
      [signedIn.vendor, 'Signed in'],
    ] as const)
      await auth.operator.createVendor({
        name: `${name} Shop`,
        owner_email: email,
        owner_password: EXTRA_PASSWORD,
        owner_name: name,
      });
  });
  for (const role of ['admin', 'vendor'] as const) {
    const base = `/auth/${role}`;
    for (const path of ENROLMENT) {
      assert.deepEqual(
        resolved().paths[`${base}/${path}`]!.post!.security,
        BEARER_OR_MFA_TOKEN,
        `${base}/${path} states both credentials`,
      );
      // A body each route would take from a signed-in caller: only the credential is missing.
      const bodies: Record<string, object> = {
        'mfa/totp/confirm': { code: '123456' },
        'passkeys/register/verify': {
          response: softwareAuthenticator(app.url).register({ challenge: 'AAAA', user: { id: 'AAAA' } }),
          name: 'Key',
        },
      };
      const neither = await probe('POST', `${base}/${path}`, { json: bodies[path] ?? {} });
      assert.equal(neither.status, 401, `${base}/${path} without a credential`);
    }
    // With a Bearer token: a signed-in account adds a factor.
    const { access_token: token } = await signIn(app.url, role, signedIn[role], EXTRA_PASSWORD);
    assert.equal((await probe('POST', `${base}/mfa/totp/setup`, { token, json: {} })).status, 200);
    const withBearer = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as {
      challenge: string;
      user: { id: string };
    };
    assert.equal(
      (
        await probe('POST', `${base}/passkeys/register/verify`, {
          token,
          json: { response: softwareAuthenticator(app.url).register(withBearer), name: 'Bearer key' },
        })
      ).status,
      200,
    );

    // With the mfa_token of a login that must enrol first, and no header.
    const login = await probe('POST', `${base}/login`, {
      url: enrolling.url,
      json: { email: emails[role], password: EXTRA_PASSWORD },
    });
    const mfaToken = (login.body as { mfa_token?: string }).mfa_token;
    assert.ok(mfaToken, `the ${role} login asks to enrol: ${login.text}`);
    assert.equal(
      (await probe('POST', `${base}/mfa/totp/setup`, { url: enrolling.url, json: { mfa_token: mfaToken } })).status,
      200,
    );
    assert.equal(
      (
        await probe('POST', `${base}/mfa/totp/confirm`, {
          url: enrolling.url,
          json: { mfa_token: mfaToken, code: '000000' },
        })
      ).status,
      401,
    );
    const options = (
      await probe('POST', `${base}/passkeys/register/options`, { url: enrolling.url, json: { mfa_token: mfaToken } })
    ).body as { challenge: string; user: { id: string } };
    const enrolled = await probe('POST', `${base}/passkeys/register/verify`, {
      url: enrolling.url,
      json: {
        mfa_token: mfaToken,
        response: softwareAuthenticator(enrolling.url).register(options),
        name: 'Enrolled key',
      },
    });
    assert.equal(enrolled.status, 200, enrolled.text);
    assert.ok((enrolled.body as { access_token?: string }).access_token, 'enrolling signs in');
  }
}

// Regression: the account-creation passwords had no minLength, though the service refuses fewer
// than 8 characters; the audit lists' `from` and `to` had no maxLength (3,000 fraction digits passed).
export async function probeDocumentedBounds(
  app: AdministrationSuite,
  probe: Probe,
  resolved: () => Doc,
): Promise<void> {
  const doc = resolved();
  const passwords: [string, string][] = [
    ['/admin/admins', 'password'],
    ['/admin/vendors', 'owner_password'],
    ['/vendor/accounts', 'password'],
    ['/admin/vendors/{vendorId}/accounts', 'password'],
  ];
  for (const [path, field] of passwords)
    assert.equal(bodySchema(doc, path).properties?.[field]?.minLength, PASSWORD_MIN_LENGTH, `${path} ${field}`);
  const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
  const refused = await probe('POST', '/admin/admins', {
    token: app.tokens.superAdmin,
    json: { email: 'short-pass@example.com', name: 'Short', password: short, admin_type: 'admin' },
  });
  assert.equal(refused.status, 400);

  for (const path of ['/admin/audit-events', '/vendor/audit-events']) {
    const parameters = doc.paths[path]!.get!.parameters as unknown as { name: string; schema: Schema }[];
    for (const name of ['from', 'to'])
      assert.ok(
        (parameters.find((p) => p.name === name)?.schema.maxLength ?? Infinity) <= 40,
        `${path} ${name} is bounded`,
      );
  }
  const token = app.tokens.superAdmin;
  assert.equal(
    (await probe('GET', '/admin/audit-events', { token, query: `?from=2026-11-23T12:00:00.${'1'.repeat(3000)}Z` }))
      .status,
    400,
  );
  assert.equal(
    (await probe('GET', '/admin/audit-events', { token, query: '?from=2026-11-23T12:00:00.123456789%2B05:30' })).status,
    200,
  );
}
