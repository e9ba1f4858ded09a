// Customers and their OpenID identities: starting and finishing a provider's code flow (or taking a
// native app's ID token), deciding who signs in by the linking rules, and linking, listing and
// unlinking identities of a signed-in customer. docs/customer-providers.md tells the rules' why.
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { AuthError } from '../auth-error';
import type { FlowPurpose, IdentityClaims, IdentityRecord, OidcFlowRecord } from '../identity-ports';
import type { AccountRecord, ClientInfo } from '../ports';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import { DEFAULT_RELYING_PARTY_ORIGIN } from './passkeys';
import type { Principal } from './principal';
import { keepsSignInMethod } from './sign-in-methods';
import { PAGES_CALLBACK_PATH } from '../oidc-config';

const FLOW_TTL_SECONDS = 10 * 60;

/** The pages' redirect URI: on APP_URL, like the passkeys' relying party (http://localhost:3000 when unset). */
export const pagesRedirectUriOf = (config: Pick<Config, 'browser'>) =>
  `${config.browser.appUrl ?? DEFAULT_RELYING_PARTY_ORIGIN}${PAGES_CALLBACK_PATH}`;

const random = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export const identityViewOf = (identity: IdentityRecord) => ({
  id: identity.id,
  provider: identity.provider,
  email: identity.email,
  linked_at: identity.linkedAt.toISOString(),
});

/** What starts or finishes a flow besides the provider: the pages pass the hash of their browser cookie. */
export interface FlowCaller {
  client: ClientInfo;
  browserHash?: string;
}

export function createCustomerIdentities(deps: ServiceDeps) {
  const { config, accounts, identities, oidc, clock } = deps;
  const record = createAuditRecorder(deps);
  const pagesRedirectUri = () => pagesRedirectUriOf(config);

  function providerOf(name: string) {
    const provider = config.oidc.providers.find((p) => p.name === name);
    if (!provider) throw new AuthError('not_found', 'No such provider.');
    return provider;
  }

  function assertRedirectUri(uri: string) {
    if (uri === pagesRedirectUri() || config.oidc.redirectUris.includes(uri)) return;
    throw new AuthError('validation_failed', 'The redirect URI is not one this service accepts.', {
      errors: [{ path: 'redirect_uri', message: 'must be listed in OIDC_REDIRECT_URIS' }],
    });
  }

  const providers = () => ({
    providers: config.oidc.providers.map((p) => ({ name: p.name, display_name: p.displayName })),
  });

  /** The provider's authorization URL for a new flow; the flow is stored only once the provider answered discovery. */
  async function start(
    name: string,
    redirectUri: string,
    purpose: FlowPurpose,
    accountId: string | null,
    caller: FlowCaller,
  ) {
    providerOf(name);
    assertRedirectUri(redirectUri);
    const [state, nonce, codeVerifier] = [random(), random(), random()];
    const url = await oidc.authorizationUrl(name, { redirectUri, state, nonce, codeChallenge: s256(codeVerifier) });
    const expiresAt = new Date(clock.now().getTime() + FLOW_TTL_SECONDS * 1000);
    await identities.saveFlow({
      state,
      provider: name,
      purpose,
      accountId,
      nonce,
      codeVerifier,
      redirectUri,
      browserHash: caller.browserHash ?? null,
      expiresAt,
    });
    return { authorization_url: url };
  }

  const invalidState = () => new AuthError('invalid_state', 'This sign-in expired or was used already: start again.');

  /** Spends the flow of `state`: it must have been started by this browser (the pages) or by none (outside apps). */
  async function spend(state: string, caller: FlowCaller) {
    const flow = await identities.spendFlow(state, clock.now());
    if (!flow || flow.browserHash !== (caller.browserHash ?? null)) throw invalidState();
    return flow;
  }

  /** The provider's verified claims for the code the flow's redirect received. */
  const exchange = (flow: OidcFlowRecord, answer: { code: string; state: string; iss?: string }) =>
    oidc.exchangeCode(flow.provider, {
      redirectUri: flow.redirectUri,
      code: answer.code,
      state: answer.state,
      iss: answer.iss,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });

  /** Spends the flow (this provider's, purpose's and customer's) and exchanges the code. */
  async function finish(
    name: string,
    answer: { code: string; state: string; iss?: string },
    purpose: FlowPurpose,
    accountId: string | null,
    caller: FlowCaller,
  ) {
    providerOf(name);
    const flow = await spend(answer.state, caller);
    if (flow.provider !== name || flow.purpose !== purpose || flow.accountId !== accountId) throw invalidState();
    return exchange(flow, answer);
  }

  /** The linking rules: who the verified claims sign in, creating or claiming an account where the rules say so. */
  async function accountFor(provider: string, claims: IdentityClaims, client: ClientInfo): Promise<AccountRecord> {
    const now = clock.now();
    const linked = await identities.find(claims.issuer, claims.subject);
    if (linked) {
      const account = await accounts.findById('customer', linked.accountId);
      if (!account) throw new AuthError('conflict', 'Try again.');
      await identities.recordUse(linked.id, now);
      return account;
    }
    if (!claims.emailVerified || !claims.email) {
      throw new AuthError(
        'email_not_verified',
        'The provider has not confirmed this e-mail address: confirm it there, or sign up with your e-mail.',
      );
    }
    const holder = await accounts.findByEmail('customer', claims.email);
    if (holder?.emailVerified) {
      throw new AuthError(
        'link_required',
        'An account with this e-mail exists: sign in to it another way, then link this provider from your account.',
      );
    }
    const identity = { provider, issuer: claims.issuer, subject: claims.subject, email: claims.email, linkedAt: now };
    // An unverified holder was registered by whoever typed the address: the provider proved it is this person's.
    const created = await identities.createOrClaim(
      { email: claims.email, name: claims.name || claims.email.split('@')[0]!, unverified: holder?.id, identity },
      (account) => [
        auditEntry('account_created', subjectOf(account), selfCause(account, client), {
          via: 'oidc',
          provider,
          claimed_unverified: Boolean(holder),
        }),
        auditEntry('identity_linked', subjectOf(account), selfCause(account, client), { provider }),
      ],
    );
    if (!created) throw new AuthError('conflict', 'The account changed meanwhile: try again.');
    return created;
  }

  /** Runs a provider sign-in; a refusal is recorded with the provider before it is thrown. */
  async function signingIn(provider: string, client: ClientInfo, claimsOf: () => Promise<IdentityClaims>) {
    try {
      const account = await accountFor(provider, await claimsOf(), client);
      if (account.disabled) throw new AuthError('account_disabled', 'This account is disabled.');
      return account;
    } catch (error) {
      if (error instanceof AuthError) {
        await record(
          auditEntry('sign_in_failed', { role: 'customer', accountId: null }, anonymousCause(client), {
            reason: error.code,
            method: 'oidc',
            provider,
          }),
        );
      }
      throw error;
    }
  }

  /** A native app's ID token: checked like the code flow's, its nonce spent until the token expires. */
  async function idTokenClaims(provider: string, input: { id_token: string; nonce: string }) {
    providerOf(provider);
    const claims = await oidc.verifyIdToken(provider, input.id_token, input.nonce);
    const key = `nonce:${createHash('sha256').update(`${claims.issuer}\n${input.nonce}`).digest('base64url')}`;
    if (!(await identities.spendNonce(key, provider, claims.expiresAt)))
      throw new AuthError('provider_refused', 'This nonce was used already.');
    return claims;
  }

  async function link(
    { account, client }: Pick<Principal, 'account' | 'client'>,
    provider: string,
    claims: IdentityClaims,
  ) {
    const existing = await identities.find(claims.issuer, claims.subject);
    if (existing && existing.accountId !== account.id)
      throw new AuthError('identity_in_use', 'This identity is linked to another account.');
    if (!existing) {
      const identity = {
        accountId: account.id,
        provider,
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email ?? '',
        linkedAt: clock.now(),
      };
      const audit = auditEntry('identity_linked', subjectOf(account), selfCause(account, client), { provider });
      if (!(await identities.link(identity, audit)))
        throw new AuthError('identity_in_use', 'This identity is linked to another account.');
    }
    const linked = await identities.find(claims.issuer, claims.subject);
    return { identity: identityViewOf(linked!) };
  }

  async function list({ account }: Principal) {
    return { items: (await identities.listOf(account.id)).map(identityViewOf) };
  }

  /** Unlinks one of the customer's identities (its owner confirmed already), unless it is the last way in. */
  async function unlink({ account, client }: Principal, identityId: string) {
    const identity = (await identities.listOf(account.id)).find((i) => i.id === identityId);
    if (!identity) throw new AuthError('not_found', 'No such identity.');
    const audit = auditEntry('identity_unlinked', subjectOf(account), selfCause(account, client), {
      provider: identity.provider,
    });
    if (!(await identities.unlink(account.id, identityId, audit, clock.now(), keepsSignInMethod)))
      throw new AuthError('not_found', 'No such identity.');
  }

  return { providers, start, spend, exchange, finish, signingIn, idTokenClaims, link, list, unlink };
}
