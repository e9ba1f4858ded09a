// The public procedures of a role behind one signature each, so a form can serve every role:
// the staff procedures differ by role only in the name of the account-type field; customers have none.
// The enrolment calls serve the sign-in (with its mfa_token) and a signed-in page (the access token).
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useMemo } from 'react';
import type { AdminType, VendorType } from '@/contract/module-keys';
import type { AdminProfile, LoginRequest, ResetCompleteRequest, Role, VendorProfile } from '@/contract/auth-schemas';
import type { CustomerProfile } from '@/contract/customer-schemas';
import type { MfaChallenge, MfaEnrollmentChallenge } from '@/contract/factor-schemas';
import type { AcceptInvitationRequest } from '@/contract/invitation-schemas';
import type { PasskeyView } from '@/contract/passkey-schemas';
import { assertPasskeyAddress } from './passkey-address';
import { trpc } from '../trpc/client';
import { SIGNED_IN } from '../trpc/refresh-link';
import { accessTokens } from '../trpc/session-client';
import { withChallenge } from '../challenge/solve-challenge';

/** What follows a proved or chosen password: the second step's challenge, or nothing (signed in). */
type NextStep = MfaChallenge | MfaEnrollmentChallenge | undefined;
type SessionAnswer = { access_token: string } & (
  { admin: AdminProfile } | { vendor: VendorProfile } | { customer: CustomerProfile }
);
type Credential = Parameters<
  ReturnType<typeof trpc.useUtils>['client']['admin']['passkeyLoginVerify']['mutate']
>[0]['response'];

/** Without an mfa_token the call is a signed-in page's: it carries the access token. */
const credentialOf = (input: { mfa_token?: string }) => (input.mfa_token ? undefined : SIGNED_IN);

export function useAuthCalls(role: Role) {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const { client } = utils;
    /** A new session: the access token goes to memory, the profile into the role's `me` cache (no second fetch). */
    function keepSession(answer: SessionAnswer) {
      accessTokens.set(role, answer.access_token);
      if ('admin' in answer) utils.admin.me.setData(undefined, { admin: answer.admin });
      else if ('customer' in answer) utils.customer.me.setData(undefined, { customer: answer.customer });
      else utils.vendor.me.setData(undefined, { vendor: answer.vendor });
    }
    return {
      /** Signs in: the access token goes to memory, the profile into the role's `me` cache (no second fetch). */
      async login(input: LoginRequest): Promise<MfaChallenge | MfaEnrollmentChallenge | undefined> {
        const answer = await withChallenge(async (challenge) =>
          role === 'admin'
            ? await client.admin.login.mutate({ ...input, challenge })
            : role === 'customer'
              ? await client.customer.login.mutate({ ...input, challenge })
              : await client.vendor.login.mutate({ ...input, challenge }),
        );
        if (!('access_token' in answer)) return answer;
        keepSession(answer);
        return undefined;
      },

      /** Accepts an invitation with the chosen password: signed in as at login (staff only). */
      async acceptInvitation(input: AcceptInvitationRequest): Promise<NextStep> {
        const answer =
          role === 'admin'
            ? await client.admin.acceptInvitation.mutate(input)
            : await client.vendor.acceptInvitation.mutate(input);
        if (!('access_token' in answer)) return answer;
        keepSession(answer);
        return undefined;
      },

      /** The step after the password: a code from the authenticator app or a recovery code. */
      async mfaVerify(input: { mfa_token: string; code?: string; recovery_code?: string }): Promise<void> {
        keepSession(
          role === 'admin' ? await client.admin.mfaVerify.mutate(input) : await client.vendor.mfaVerify.mutate(input),
        );
      },

      /** Enrolling an authenticator app: a new secret and its QR code. */
      totpSetup: (input: { mfa_token?: string }) =>
        role === 'admin'
          ? client.admin.totpSetup.mutate(input, credentialOf(input))
          : client.vendor.totpSetup.mutate(input, credentialOf(input)),

      /** The first code confirms the app; the answer's recovery codes are shown once. */
      async totpConfirm(input: { mfa_token?: string; code: string }): Promise<string[]> {
        const via = credentialOf(input);
        const answer =
          role === 'admin'
            ? await client.admin.totpConfirm.mutate(input, via)
            : await client.vendor.totpConfirm.mutate(input, via);
        // While enrolling at sign-in the answer carries the session as well (the codes' type absorbs it).
        if ('access_token' in answer) keepSession(answer as unknown as SessionAnswer);
        return answer.recovery_codes;
      },

      /** Registers a passkey of this device under `name`; while enrolling at sign-in (staff only) it signs in too. */
      async addPasskey(input: { name: string; mfa_token?: string }): Promise<PasskeyView> {
        const token = input.mfa_token ? { mfa_token: input.mfa_token } : {};
        const via = credentialOf(input);
        const options =
          role === 'admin'
            ? await client.admin.passkeyRegisterOptions.mutate(token, via)
            : role === 'customer'
              ? await client.customer.passkeyRegisterOptions.mutate({}, via)
              : await client.vendor.passkeyRegisterOptions.mutate(token, via);
        const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
        assertPasskeyAddress(optionsJSON.rp.id);
        const response = (await startRegistration({ optionsJSON })) as Credential;
        const body = { ...input, response };
        const answer = await client[role].passkeyRegisterVerify.mutate(body, via);
        if ('access_token' in answer) keepSession(answer);
        return answer.passkey;
      },

      /** Signs in with a passkey instead of the password: the refresh token goes into the cookie. */
      async passkeySignIn(): Promise<void> {
        const options = await client[role].passkeyLoginOptions.mutate({});
        assertPasskeyAddress(options.rpId as string | undefined);
        const response = (await startAuthentication({ optionsJSON: options })) as Credential;
        keepSession(await client[role].passkeyLoginVerify.mutate({ response }));
      },

      requestReset: ({ email, type }: { email: string; type: string }) =>
        role === 'admin'
          ? client.admin.requestReset.mutate({ email, admin_type: type as AdminType })
          : role === 'customer'
            ? client.customer.requestReset.mutate({ email })
            : client.vendor.requestReset.mutate({ email, vendor_type: type as VendorType }),

      verifyReset: ({ email, type, code }: { email: string; type: string; code: string }) =>
        role === 'admin'
          ? client.admin.verifyReset.mutate({ email, admin_type: type as AdminType, code })
          : role === 'customer'
            ? client.customer.verifyReset.mutate({ email, code })
            : client.vendor.verifyReset.mutate({ email, vendor_type: type as VendorType, code }),

      completeReset: (input: ResetCompleteRequest) => client[role].completeReset.mutate(input),
    };
  }, [role, utils]);
}
