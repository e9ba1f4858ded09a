// The customers' routes of OpenID providers: which providers there are, signing in with one (code
// flow or a native app's ID token), and linking, listing and unlinking identities of an account.
import { customerLoginResponse, deleteCustomerRequest } from './customer-schemas';
import {
  identityLinked,
  identityList,
  oidcCallbackRequest,
  oidcStartRequest,
  oidcStartResponse,
  providerList,
} from './identity-schemas';
import { customerOidcCallbackRequest, customerOidcIdTokenRequest } from './guest-schemas';
import { BODY_ERRORS, route } from './route';

const base = '/auth/customer';
const role = 'customer' as const;
const PROVIDER_ERRORS = ['not_found', 'provider_unavailable'] as const;
const SIGN_IN_ERRORS = [
  ...BODY_ERRORS,
  ...PROVIDER_ERRORS,
  'invalid_state',
  'provider_refused',
  'email_not_verified',
  'link_required',
  'account_disabled',
  'conflict',
] as const;
const RULES =
  'An identity linked before signs its customer in. Otherwise, with email_verified true: a new verified customer when nobody holds the e-mail; the unverified account holding it becomes verified, its registration password discarded; a verified one is 409 link_required (sign in another way, then link). email_verified false or absent: 403 email_not_verified, nothing created.';

export const identityRoutes = {
  listProviders: route({
    role,
    methods: ['GET'],
    path: `${base}/providers`,
    auth: 'none',
    body: undefined,
    result: providerList,
    resultStatuses: [200],
    errors: [],
    summary: 'The OpenID providers customers may sign in with',
    description: 'Name (for the paths below) and the name to show on the button.',
  }),
  oidcStart: route({
    role,
    methods: ['POST'],
    path: `${base}/oidc/{provider}/start`,
    auth: 'none',
    body: oidcStartRequest,
    result: oidcStartResponse,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, ...PROVIDER_ERRORS],
    summary: 'Start signing in with a provider',
    description:
      "The provider's authorization URL (code flow, PKCE S256, state and nonce, each single use and valid 10 minutes). 502 provider_unavailable when the provider cannot be reached.",
  }),
  oidcCallback: route({
    role,
    methods: ['POST'],
    path: `${base}/oidc/{provider}/callback`,
    auth: 'none',
    body: customerOidcCallbackRequest,
    result: customerLoginResponse,
    resultStatuses: [200],
    errors: [...SIGN_IN_ERRORS],
    summary: 'Finish signing in with a provider',
    description: `The code and state the provider sent back, for the login response. A spent, expired or unknown state is 400 invalid_state; a code or ID token the provider or the checks refuse (signature, iss, aud, exp, nonce) is 401 provider_refused. ${RULES}`,
  }),
  oidcIdToken: route({
    role,
    methods: ['POST'],
    path: `${base}/oidc/{provider}/id-token`,
    auth: 'none',
    body: customerOidcIdTokenRequest,
    result: customerLoginResponse,
    resultStatuses: [200],
    errors: [...SIGN_IN_ERRORS],
    summary: "Sign in with an ID token from the provider's own SDK",
    description: `For native apps: the ID token is checked against the provider's keys, issuer, audience (the client id), expiry and the nonce, which is accepted once. ${RULES}`,
  }),
  listIdentities: route({
    role,
    methods: ['GET'],
    path: `${base}/identities`,
    auth: 'bearer',
    body: undefined,
    result: identityList,
    resultStatuses: [200],
    errors: ['invalid_token'],
    summary: 'Your linked provider identities',
    description: 'Provider, the e-mail it gave and when it was linked.',
  }),
  identityLinkStart: route({
    role,
    methods: ['POST'],
    path: `${base}/identities/{provider}/start`,
    auth: 'bearer',
    body: oidcStartRequest,
    result: oidcStartResponse,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, ...PROVIDER_ERRORS, 'invalid_token'],
    summary: 'Start linking a provider to your account',
    description: 'As the sign-in start, for the signed-in customer.',
  }),
  identityLinkCallback: route({
    role,
    methods: ['POST'],
    path: `${base}/identities/{provider}/callback`,
    auth: 'bearer',
    body: oidcCallbackRequest,
    result: identityLinked,
    resultStatuses: [200],
    errors: [
      ...BODY_ERRORS,
      ...PROVIDER_ERRORS,
      'invalid_token',
      'invalid_state',
      'provider_refused',
      'identity_in_use',
    ],
    summary: 'Finish linking a provider to your account',
    description:
      'The linked identity. One linked to another customer is 409 identity_in_use; one linked to you already answers as linked.',
  }),
  unlinkIdentity: route({
    role,
    methods: ['DELETE'],
    path: `${base}/identities/{identityId}`,
    auth: 'bearer',
    body: deleteCustomerRequest,
    result: undefined,
    resultStatuses: [204],
    errors: [
      ...BODY_ERRORS,
      'invalid_token',
      'invalid_credentials',
      'invalid_code',
      'rate_limited',
      'not_found',
      'last_sign_in_method',
    ],
    summary: 'Unlink a provider identity',
    description:
      'The password, or a sign-in code from /login/code. 409 last_sign_in_method when no password, identity or passkey would remain.',
  }),
};
