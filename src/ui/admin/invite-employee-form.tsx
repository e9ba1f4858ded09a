'use client';
// Inviting an employee to a business: name, e-mail, modules with permissions, stores. The mail's
// link lets the employee choose their own password. An admin names the business; a vendor account
// (the till's staff panel) invites to its own.
import { useTranslations } from 'next-intl';
import { trpc } from '../trpc/client';
import { InvitationForm, useInvitationForm, useInvitedNotice } from './account-forms';
import { EmployeeFields, type EmployeeFieldValues } from './employee-fields';

const EMPTY: EmployeeFieldValues = { name: '', modules: [], module_permissions: {}, store_ids: [] };

export function InviteEmployeeForm({
  vendorId,
  stores,
}: {
  vendorId?: string;
  stores: readonly { id: string; name: string }[];
}) {
  const t = useTranslations('admin.vendor');
  const utils = trpc.useUtils();
  const invitedNotice = useInvitedNotice();
  const form = useInvitationForm(
    EMPTY,
    async (employee) => {
      if (vendorId) {
        const invited = await utils.client.admin.createStaffInvitation.mutate({ vendorId, ...employee });
        await utils.admin.listStaffInvitations.invalidate({ vendorId });
        return invited;
      }
      const invited = await utils.client.vendor.createStaffInvitation.mutate(employee);
      await utils.vendor.listStaffInvitations.invalidate();
      return invited;
    },
    invitedNotice,
  );
  return (
    <InvitationForm label={t('invite')} form={form}>
      <EmployeeFields
        value={form.fields}
        onChange={form.setFields}
        stores={stores}
        fieldError={form.errorOf}
        credentials={form.credentials()}
      />
    </InvitationForm>
  );
}
