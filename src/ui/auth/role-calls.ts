// The public procedures of a role behind one signature each, so a form can serve every role:
// the staff procedures differ by role only in the name of the account-type field; customers have none.
import { useMemo } from 'react';
import type { AdminType, VendorType } from '@/contract/modules';
import type { LoginRequest, ResetCompleteRequest, Role } from '@/contract/auth-schemas';
import type { MfaChallenge, MfaEnrollmentChallenge } from '@/contract/factor-schemas';
import { trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';

export function useAuthCalls(role: Role) {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const { client } = utils;
    return {
      /** Signs in: the access token goes to memory, the profile into the role's `me` cache (no second fetch). */
      async login(input: LoginRequest): Promise<MfaChallenge | MfaEnrollmentChallenge | undefined> {
        if (role === 'admin') {
          const answer = await client.admin.login.mutate(input);
          if (!('access_token' in answer)) return answer;
          accessTokens.set(role, answer.access_token);
          utils.admin.me.setData(undefined, { admin: answer.admin });
        } else if (role === 'customer') {
          const answer = await client.customer.login.mutate(input);
          if (!('access_token' in answer)) return answer;
          accessTokens.set(role, answer.access_token);
          utils.customer.me.setData(undefined, { customer: answer.customer });
        } else {
          const answer = await client.vendor.login.mutate(input);
          if (!('access_token' in answer)) return answer;
          accessTokens.set(role, answer.access_token);
          utils.vendor.me.setData(undefined, { vendor: answer.vendor });
        }
        return undefined;
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
