// The tRPC router of the bundled pages: per role, signing in (staff with the second step and
// enrolment; every role also with a passkey; customers also by mailed code)
// and changing one's password (the refresh token into a cookie) and every other route of the role's table under the
// same name
// (src/contract/routes.ts).
import { router } from './init';
import { routeProcedures } from './route-procedures';
import {
  acceptInvitationProcedure,
  changePasswordProcedure,
  customerCodeSignInProcedure,
  guestStartProcedure,
  loginProcedure,
  mfaVerifyProcedure,
  oidcLinkStartProcedure,
  oidcSignInStartProcedure,
  passkeyLoginVerifyProcedure,
  passkeyRegisterVerifyProcedure,
  totpConfirmProcedure,
} from './routers/cookie-procedures';
import { terminalRouter } from './routers/terminal';

export const appRouter = router({
  admin: router({
    login: loginProcedure('admin'),
    mfaVerify: mfaVerifyProcedure('admin'),
    totpConfirm: totpConfirmProcedure('admin'),
    passkeyRegisterVerify: passkeyRegisterVerifyProcedure('admin'),
    passkeyLoginVerify: passkeyLoginVerifyProcedure('admin'),
    changePassword: changePasswordProcedure('admin'),
    acceptInvitation: acceptInvitationProcedure('admin'),
    ...routeProcedures('admin'),
  }),
  vendor: router({
    login: loginProcedure('vendor'),
    mfaVerify: mfaVerifyProcedure('vendor'),
    totpConfirm: totpConfirmProcedure('vendor'),
    passkeyRegisterVerify: passkeyRegisterVerifyProcedure('vendor'),
    passkeyLoginVerify: passkeyLoginVerifyProcedure('vendor'),
    changePassword: changePasswordProcedure('vendor'),
    acceptInvitation: acceptInvitationProcedure('vendor'),
    ...routeProcedures('vendor'),
  }),
  customer: router({
    login: loginProcedure('customer'),
    verifyRegistration: customerCodeSignInProcedure('verifyRegistration'),
    verifyLoginCode: customerCodeSignInProcedure('verifyLoginCode'),
    oidcStart: oidcSignInStartProcedure(),
    startGuest: guestStartProcedure(),
    identityLinkStart: oidcLinkStartProcedure(),
    passkeyRegisterVerify: passkeyRegisterVerifyProcedure('customer'),
    passkeyLoginVerify: passkeyLoginVerifyProcedure('customer'),
    changePassword: changePasswordProcedure('customer'),
    ...routeProcedures('customer'),
  }),
  terminal: terminalRouter,
});

export type AppRouter = typeof appRouter;
