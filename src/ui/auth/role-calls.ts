// The public procedures of a role behind one signature each, so a form can serve both roles:
// the procedures differ by role only in the name of the account-type field.
import { useMemo } from 'react';
import type { AdminType, VendorType } from '@/core/modules';
import type { LoginRequest, ResetCompleteRequest, Role } from '@/core/schemas';
import { trpc } from '../trpc/client';

export function useAuthCalls(role: Role) {
  const { client } = trpc.useUtils();
  return useMemo(
    () => ({
      login: (input: LoginRequest) => (role === 'admin' ? client.admin.login.mutate(input) : client.vendor.login.mutate(input)),

      requestReset: ({ email, type }: { email: string; type: string }) =>
        role === 'admin'
          ? client.admin.requestReset.mutate({ email, admin_type: type as AdminType })
          : client.vendor.requestReset.mutate({ email, vendor_type: type as VendorType }),

      verifyCode: ({ email, type, code }: { email: string; type: string; code: string }) =>
        role === 'admin'
          ? client.admin.verifyCode.mutate({ email, admin_type: type as AdminType, code })
          : client.vendor.verifyCode.mutate({ email, vendor_type: type as VendorType, code }),

      completeReset: (input: ResetCompleteRequest) =>
        role === 'admin' ? client.admin.completeReset.mutate(input) : client.vendor.completeReset.mutate(input),
    }),
    [client, role],
  );
}
