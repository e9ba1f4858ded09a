// Apps that register themselves (RFC 7591) at /oauth/register, when OAUTH_DYNAMIC_REGISTRATION is on:
// public apps (PKCE alone), never first-party, with only the scopes of OAUTH_REGISTRATION_SCOPES, so
// many per address; they are listed on /admin/apps as registered, where an admin removes them.
import { randomUUID } from 'node:crypto';
import { AuthError } from '../auth-error';
import { newPublicClientId } from '../client-secrets';
import type { ClientInfo } from '../ports';
import { appRegistrationRequest, type AppRegistrationAnswer } from '../../contract/app-schemas';
import { anonymousCause, auditEntry } from './audit';
import type { ServiceDeps } from './deps';

/** A registration refused with an error of RFC 7591 section 3.2.2. */
export class RegistrationRefused extends Error {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata',
    readonly description: string,
  ) {
    super(description);
    this.name = 'RegistrationRefused';
  }
}

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

type Deps = Pick<ServiceDeps, 'apps' | 'clock' | 'config' | 'limiter'>;

/** The metadata asked for, checked against what a self-registered app may hold; the scopes it gets. */
function checkedRequest(body: unknown, allowed: readonly string[]) {
  const parsed = appRegistrationRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    const error = path.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new RegistrationRefused(error, `${path || 'the body'}: ${issue.message}`);
  }
  const input = parsed.data;
  const refuse = (description: string) => new RegistrationRefused('invalid_client_metadata', description);
  if ((input.token_endpoint_auth_method ?? 'none') !== 'none')
    throw refuse('token_endpoint_auth_method: an app registering itself is public and must be "none" (PKCE alone)');
  if (input.first_party !== undefined && input.first_party !== false)
    throw refuse('first_party: an app registering itself is never first-party');
  const grant = input.grant_types?.find((type) => !GRANT_TYPES.includes(type));
  if (grant) throw refuse(`grant_types: "${grant}" is not served (authorization_code, refresh_token)`);
  if (input.response_types?.some((type) => type !== 'code')) throw refuse('response_types: only "code" is served');
  const scopes = input.scope === undefined ? [...allowed] : [...new Set(input.scope.split(' ').filter(Boolean))];
  const outside = scopes.filter((scope) => !allowed.includes(scope));
  if (outside.length > 0) throw refuse(`scope: ${outside.join(', ')} may not be registered (${allowed.join(' ')})`);
  if (scopes.length === 0) throw refuse('scope: name at least one scope');
  return { input, scopes };
}

export function createAppRegistration({ apps, clock, config, limiter }: Deps) {
  return async function register(body: unknown, client: ClientInfo): Promise<AppRegistrationAnswer> {
    if (!config.appRegistration.enabled) throw new AuthError('not_found', 'Apps do not register themselves here.');
    await limiter.assertAppRegistrationAllowed(client.ip);
    const { input, scopes } = checkedRequest(body, config.appRegistration.scopes);
    const fresh = {
      id: randomUUID(),
      name: input.client_name ?? 'Unnamed app',
      clientId: newPublicClientId('app'),
      type: 'public' as const,
      firstParty: false,
      registered: true,
      homepageUrl: input.client_uri ?? null,
      redirectUris: input.redirect_uris,
      scopes,
    };
    const audit = auditEntry('app_created', { role: 'admin', accountId: null }, anonymousCause(client), {
      app_id: fresh.id,
      client_id: fresh.clientId,
      name: fresh.name,
      type: fresh.type,
      first_party: false,
      registered: true,
    });
    const created = await apps.create({ ...fresh, secretHash: null }, clock.now(), audit);
    return {
      client_id: created.clientId,
      client_id_issued_at: Math.floor(created.createdAt.getTime() / 1000),
      client_name: created.name,
      ...(created.homepageUrl ? { client_uri: created.homepageUrl } : {}),
      redirect_uris: created.redirectUris,
      scope: created.scopes.join(' '),
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', ...(scopes.includes('offline_access') ? ['refresh_token'] : [])],
      response_types: ['code'],
    };
  };
}
