// The pages' procedures that start a session: signing in (with its second step and enrolment, with
// a passkey, or by a customer's mailed code) and changing one's own password. Their refresh token goes into the role's
// cookie (and, at sign-in,
// the device marker into its own), never into the body the page's script can read.
import { z } from 'zod';
import { loginRequest, type changePasswordRequest, type Role } from '@/contract/auth-schemas';
import { emailCodeRequest } from '@/contract/customer-schemas';
import { acceptInvitationRequest } from '@/contract/invitation-schemas';
import { mfaVerifyRequest, totpConfirmRequest } from '@/contract/factor-schemas';
import { passkeyLoginVerifyRequest, passkeyRegisterVerifyRequest, type PasskeyView } from '@/contract/passkey-schemas';
import type { LoginResponseOf } from '@/core/service';
import type { Context } from '../context';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie';
import { contractInput, passedInput, protectedProcedure, publicProcedure } from '../init';
import { setRefreshCookie } from '../refresh-cookie';
import { afterCustomerSignIn, carryGuestToCallback, guestCookieOf, setGuestCookie } from '../guest-cookie';
import { bindBrowser } from '../../oidc/browser-binding';
import { pagesRedirectUriOf } from '@/core/service/customer-identities';

/** A session's refresh token into the role's cookie, the rest to the page. */
function refreshIntoCookie<S extends { refresh_token: string }>(
  ctx: Context,
  role: Role,
  answer: S,
): Omit<S, 'refresh_token'> {
  const { refresh_token: refreshToken, ...session } = answer;
  setRefreshCookie(ctx, role, refreshToken, ctx.config.jwt.refreshTtl);
  return session;
}

/** A new session of the pages signing in: the refresh token and device marker into cookies, the rest to the page. */
export function sessionIntoCookies<S extends object>(
  ctx: Context,
  role: Role,
  answer: S,
): Omit<S, 'refresh_token' | 'device_id'> {
  const { device_id: deviceId, ...session } = refreshIntoCookie(
    ctx,
    role,
    answer as S & { refresh_token: string; device_id: string },
  );
  setDeviceCookie(ctx, role, deviceId);
  if (role === 'customer') afterCustomerSignIn(ctx);
  return session as Omit<S, 'refresh_token' | 'device_id'>;
}

/**
 * An answer that carries a session only sometimes (a second step, enrolment): the session's tokens into cookies when it
 * does.
 */
function enrolmentIntoCookies<S extends object>(ctx: Context, role: Role, answer: S) {
  return 'access_token' in answer ? sessionIntoCookies(ctx, role, answer) : answer;
}

/** A customer's sign-in from the pages presents the guest session of this browser, if it has one. */
const guestOf = (ctx: Context, role: Role) => (role === 'customer' ? { guest_token: guestCookieOf(ctx) } : {});

/** The client of a sign-in from the pages: the device marker comes from its cookie. */
export const signInClientOf = (ctx: Context, role: Role) => ({ ...ctx.client, deviceId: deviceCookieOf(ctx, role) });

/** `R` keeps the role's own types: `admin.login` answers `{admin}`, `vendor.login` answers `{vendor}`. */
export function loginProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(loginRequest)).mutation(async ({ ctx, input }) => {
    const answer = await ctx.auth.loginWithProfile(
      role,
      { ...input, ...guestOf(ctx, role) },
      signInClientOf(ctx, role),
    );
    // The second-factor step carries no session yet: nothing goes into a cookie.
    if (!('access_token' in answer)) return answer;
    return sessionIntoCookies(ctx, role, answer);
  });
}

/** Accepting an invitation with a chosen password: signed in as at login, the tokens into cookies. */
export function acceptInvitationProcedure<R extends 'admin' | 'vendor'>(role: R) {
  return publicProcedure.input(contractInput(acceptInvitationRequest)).mutation(async ({ ctx, input }) => {
    const answer = await ctx.auth.acceptInvitation(role, input, signInClientOf(ctx, role));
    // An account type that requires a second factor enrols one first: no session yet.
    if (!('access_token' in answer)) return answer;
    return sessionIntoCookies(ctx, role, answer);
  });
}

/** The step after the password: a code from the authenticator app or a recovery code, for the session. */
export function mfaVerifyProcedure<R extends Role>(role: R) {
  return publicProcedure
    .input(contractInput(mfaVerifyRequest))
    .mutation(async ({ ctx, input }) =>
      sessionIntoCookies(ctx, role, await ctx.auth.mfaVerify(role, input, ctx.client)),
    );
}

/**
 * Confirming an authenticator app: the recovery codes, and while enrolling at sign-in (with the
 * mfa_token) the session too, whose refresh token goes into the cookie.
 */
export function totpConfirmProcedure<R extends Role>(role: R) {
  type Codes = { recovery_codes: string[] };
  type Answer = Codes | (Codes & Omit<LoginResponseOf<R>, 'refresh_token' | 'device_id'>);
  return publicProcedure.input(contractInput(totpConfirmRequest)).mutation(async ({ ctx, input }): Promise<Answer> => {
    return enrolmentIntoCookies(ctx, role, await ctx.auth.totpConfirm(role, ctx.accessToken, input, ctx.client));
  });
}

/**
 * Registering a passkey: the stored passkey, and while enrolling at sign-in the session too, whose refresh token goes
 * into the cookie.
 */
export function passkeyRegisterVerifyProcedure<R extends Role>(role: R) {
  type Registered = { passkey: PasskeyView };
  type Answer = Registered | (Registered & Omit<LoginResponseOf<R>, 'refresh_token' | 'device_id'>);
  return publicProcedure
    .input(contractInput(passkeyRegisterVerifyRequest))
    .mutation(
      async ({ ctx, input }): Promise<Answer> =>
        enrolmentIntoCookies(
          ctx,
          role,
          await ctx.auth.passkeyRegister(role, ctx.accessToken, input, ctx.client),
        ) as Answer,
    );
}

/** Signing in with a passkey instead of the password (it satisfies MFA_REQUIRED): the session, as at login. */
export function passkeyLoginVerifyProcedure<R extends Role>(role: R) {
  return publicProcedure.input(contractInput(passkeyLoginVerifyRequest)).mutation(async ({ ctx, input }) => {
    const signedIn = await ctx.auth.passkeyLogin(role, { ...input, ...guestOf(ctx, role) }, signInClientOf(ctx, role));
    return sessionIntoCookies(ctx, role, signedIn);
  });
}

/** The caller's own password: every earlier session ends, and the new one's refresh token goes into the cookie. */
export function changePasswordProcedure(role: Role) {
  return protectedProcedure(role)
    .input(passedInput<z.input<typeof changePasswordRequest>>())
    .mutation(async ({ ctx, input }) =>
      refreshIntoCookie(ctx, role, await ctx.auth.changeOwnPassword(ctx.principal, input, ctx.client)),
    );
}

/** A customer's mailed code that signs in (registration or sign-in code): the refresh token goes into the cookie. */
export function customerCodeSignInProcedure(kind: 'verifyRegistration' | 'verifyLoginCode') {
  return publicProcedure.input(contractInput(emailCodeRequest)).mutation(async ({ ctx, input }) => {
    const signedIn = await ctx.auth.customers[kind]({ ...input, ...guestOf(ctx, 'customer') }, ctx.client);
    afterCustomerSignIn(ctx);
    return refreshIntoCookie(ctx, 'customer', signedIn);
  });
}

/** "Continue as guest": a guest session, its refresh token into the guest cookie, the access token to the page. */
export function guestStartProcedure() {
  return publicProcedure.mutation(async ({ ctx }) => {
    const { refresh_token: refreshToken, ...access } = await ctx.auth.startGuest(ctx.client);
    setGuestCookie(ctx, refreshToken, ctx.config.customers.guestMaxAge);
    return access;
  });
}

const pagesRedirectUri = (ctx: Context) => pagesRedirectUriOf(ctx.config);
const providerInput = contractInput(z.object({ provider: z.string().min(1).max(100) }));

/**
 * "Continue with <provider>" on the sign-in and sign-up pages: the provider's URL to go to, the
 * flow bound to this browser by a cookie that only the pages' callback receives.
 */
export function oidcSignInStartProcedure() {
  return publicProcedure.input(providerInput).mutation(async ({ ctx, input }) => {
    const started = await ctx.auth.oidc.start(
      input.provider,
      { redirect_uri: pagesRedirectUri(ctx) },
      { client: ctx.client, browserHash: bindBrowser(ctx) },
    );
    carryGuestToCallback(ctx);
    return started;
  });
}

/** "Link <provider>" on /account: as above, for the signed-in customer. */
export function oidcLinkStartProcedure() {
  return protectedProcedure('customer')
    .input(providerInput)
    .mutation(async ({ ctx, input }) =>
      ctx.auth.oidc.linkStart(ctx.principal, input.provider, { redirect_uri: pagesRedirectUri(ctx) }, bindBrowser(ctx)),
    );
}
