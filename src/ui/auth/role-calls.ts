// The public procedures of a role behind one signature each, so a form can serve every role:
// the staff procedures differ by role only in the name of the account-type field; customers have none.
import { useMemo } from 'react';
import type { AdminType, VendorType } from '@/contract/modules';
import type { AdminProfile, LoginRequest, ResetCompleteRequest, Role, VendorProfile } from '@/contract/auth-schemas';
import type { CustomerProfile } from '@/contract/customer-schemas';
import type { MfaChallenge, MfaEnrollmentChallenge } from '@/contract/factor-schemas';
import { trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';

type SessionAnswer = { access_token: string } & ({ admin: AdminProfile } | { vendor: VendorProfile } | { customer: CustomerProfile });

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
        const answer =
          role === 'admin'
            ? await client.admin.login.mutate(input)
            : role === 'customer'
              ? await client.customer.login.mutate(input)
              : await client.vendor.login.mutate(input);
        if (!('access_token' in answer)) return answer;
        keepSession(answer);
        return undefined;
      },

      /** The step after the password: a code from the authenticator app or a recovery code. */
      async mfaVerify(input: { mfa_token: string; code?: string; recovery_code?: string }): Promise<void> {
        keepSession(role === 'admin' ? await client.admin.mfaVerify.mutate(input) : await client.vendor.mfaVerify.mutate(input));
      },

      /** Enrolling at sign-in: a new secret and its QR code for the mfa_token. */
      totpSetup: (input: { mfa_token: string }) => (role === 'admin' ? client.admin.totpSetup.mutate(input) : client.vendor.totpSetup.mutate(input)),

      /** Enrolling at sign-in: the first code confirms the app; the answer's recovery codes are shown once. */
      async totpConfirm(input: { mfa_token: string; code: string }): Promise<string[]> {
        const answer = role === 'admin' ? await client.admin.totpConfirm.mutate(input) : await client.vendor.totpConfirm.mutate(input);
        // While enrolling at sign-in the answer carries the session as well (the codes' type absorbs it).
        if ('access_token' in answer) keepSession(answer as unknown as SessionAnswer);
        return answer.recovery_codes;
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
