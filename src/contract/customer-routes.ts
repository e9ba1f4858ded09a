// The customers' routes under /auth/customer: registration with an e-mailed code, password and code
// sign-in, tokens, profile, e-mail change, deletion, export, own sessions and events, password reset,
// provider identities and passkeys.
import { ownSessionRoutes } from './administration-routes';
import { ownEvents } from './audit-routes';
import { roleAuthRoutes } from './auth-routes';
import { tokenPair } from './auth-schemas';
import {
  changeEmailRequest,
  codeMailRequest,
  codeRequest,
  customerExport,
  customerLoginResponse,
  customerMeResponse,
  customerSignIn,
  deleteCustomerRequest,
  emailCodeRequest,
  emailRequest,
  genericAnswer,
  registerRequest,
  updateCustomerRequest,
} from './customer-schemas';
import {
  customerCodeSignInRequest,
  customerLoginRequest,
  customerOrGuestMeResponse,
  customerPasskeyLoginRequest,
} from './guest-schemas';
import { identityRoutes } from './identity-routes';
import { passkeyRegistered } from './passkey-schemas';
import { rolePasskeyRoutes, SIGNED_IN_REGISTRATION } from './passkey-routes';
import { BODY_ERRORS, CHALLENGE_ERRORS, route } from './route';

const base = '/auth/customer';
const role = 'customer' as const;
const GENERIC =
  'The same answer, status and time for every well-formed request, whether or not the e-mail is known; never 429.';
const BEARER = { role, auth: 'bearer' } as const;
const GUEST_LINK =
  " With `guest_token` (a guest session's refresh token), that guest is linked to the account and its session ends.";

const passkeys = rolePasskeyRoutes(role, {
  loginResult: customerLoginResponse,
  registerResult: passkeyRegistered,
  ...SIGNED_IN_REGISTRATION,
});

const standard = roleAuthRoutes(role, {
  loginResult: customerLoginResponse,
  meResult: customerOrGuestMeResponse,
  resetRequest: emailRequest,
  resetVerify: emailCodeRequest,
});

export const customerRoutes = {
  startGuest: route({
    role,
    methods: ['POST'],
    path: `${base}/guest`,
    auth: 'none',
    body: undefined,
    result: tokenPair,
    resultStatuses: [200],
    errors: ['rate_limited'],
    summary: 'Start a guest session',
    description:
      "A token pair for a shopper without an account (claim `guest: true`, `sub` a guest id, no e-mail), refreshed like a customer's. Its access token passes only the routes that need no account (`me`); every other customer route answers 401 invalid_token. It ends when a sign-up or sign-in presents its refresh token as `guest_token`, or after GUEST_MAX_AGE. Limited per address.",
  }),
  register: route({
    role,
    methods: ['POST'],
    path: `${base}/register`,
    auth: 'none',
    body: registerRequest,
    result: genericAnswer,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, ...CHALLENGE_ERRORS],
    summary: 'Create a customer account',
    description: `E-mail, password and name. A new e-mail gets an unverified account and a 6-digit code; a taken one gets a notice instead and nothing changes. ${GENERIC}`,
  }),
  verifyRegistration: route({
    role,
    methods: ['POST'],
    path: `${base}/register/verify`,
    auth: 'none',
    body: customerCodeSignInRequest,
    result: customerSignIn,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_code'],
    summary: 'Verify the e-mail address and sign in',
    description: `The code from the registration mail. A wrong, expired or spent code is 401 invalid_code; five wrong codes spend it.${GUEST_LINK}`,
  }),
  resendRegistration: route({
    role,
    methods: ['POST'],
    path: `${base}/register/resend`,
    auth: 'none',
    body: codeMailRequest,
    result: genericAnswer,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, ...CHALLENGE_ERRORS],
    summary: 'Mail a new verification code',
    description: `A new code for an account not yet verified. ${GENERIC}`,
  }),
  login: { ...standard.login, body: customerLoginRequest, description: `${standard.login.description}${GUEST_LINK}` },
  requestLoginCode: route({
    role,
    methods: ['POST'],
    path: `${base}/login/code`,
    auth: 'none',
    body: codeMailRequest,
    result: genericAnswer,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, ...CHALLENGE_ERRORS],
    summary: 'Mail a sign-in code',
    description: `A 6-digit sign-in code is mailed when the customer exists. ${GENERIC}`,
  }),
  verifyLoginCode: route({
    role,
    methods: ['POST'],
    path: `${base}/login/code/verify`,
    auth: 'none',
    body: customerCodeSignInRequest,
    result: customerSignIn,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_code', 'account_disabled'],
    summary: 'Sign in with a mailed code',
    description: `A first sign-in by code verifies the address and discards the password set at registration (someone else may have chosen it).${GUEST_LINK}`,
  }),
  refresh: standard.refresh,
  logout: standard.logout,
  me: { ...standard.me, guests: true as const },
  updateMe: route({
    ...BEARER,
    methods: ['PATCH'],
    path: `${base}/me`,
    body: updateCustomerRequest,
    result: customerMeResponse,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_token'],
    summary: 'Change your name or language',
    description:
      'The name, the language of your pages and mails (`locale`: en, de, fr, es or ar), or both; the answer is the profile with them. Until a language is saved, pages and mails follow the Accept-Language of the request.',
  }),
  deleteMe: route({
    ...BEARER,
    methods: ['POST'],
    path: `${base}/me/delete`,
    body: deleteCustomerRequest,
    result: undefined,
    resultStatuses: [204],
    errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'invalid_code', 'rate_limited'],
    summary: 'Delete your account',
    description:
      'The password, or a sign-in code from /login/code. The e-mail, name and password are removed at once, every session ends and every token is refused; the e-mail can register again.',
  }),
  exportMe: route({
    ...BEARER,
    methods: ['GET'],
    path: `${base}/me/export`,
    body: undefined,
    result: customerExport,
    resultStatuses: [200],
    errors: ['invalid_token'],
    summary: 'Download your data',
    description: 'A JSON attachment: the profile, the active sessions and your own security events.',
  }),
  changePassword: standard.changePassword,
  changeEmail: route({
    ...BEARER,
    methods: ['POST'],
    path: `${base}/email`,
    body: changeEmailRequest,
    result: genericAnswer,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'rate_limited'],
    summary: 'Change your e-mail address: mail a code to the new one',
    description:
      'The new address and your password. The answer is the same whether or not another customer holds the address (that address then gets a notice instead of a code).',
  }),
  verifyEmailChange: route({
    ...BEARER,
    methods: ['POST'],
    path: `${base}/email/verify`,
    body: codeRequest,
    result: customerMeResponse,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_token', 'invalid_code', 'conflict'],
    summary: 'Confirm the new e-mail address',
    description: 'The code mailed to the new address; the old address is mailed a notice.',
  }),
  ...ownSessionRoutes(base, role),
  listOwnEvents: ownEvents(role),
  requestReset: standard.requestReset,
  verifyReset: standard.verifyReset,
  completeReset: standard.completeReset,
  notMe: standard.notMe,
  ...identityRoutes,
  ...passkeys,
  passkeyLoginVerify: {
    ...passkeys.passkeyLoginVerify,
    body: customerPasskeyLoginRequest,
    description: `${passkeys.passkeyLoginVerify.description}${GUEST_LINK}`,
  },
};
