'use client';
// Inviting an admin: name, e-mail, type and modules. The mail's link lets the admin choose their
// own password, so nobody else ever knows it.
import { useTranslations } from 'next-intl';
import type { AdminProfile } from '@/contract/auth-schemas';
import { trpc } from '../trpc/client';
import { InvitationForm, useInvitationForm, useInvitedNotice } from './account-forms';
import { AdminFields, type AdminFieldValues } from './admin-fields';

const EMPTY: AdminFieldValues = { name: '', admin_type: 'admin', modules: [] };

export function InviteAdminForm({ actor }: { actor: AdminProfile }) {
  const t = useTranslations('admin.admins');
  const utils = trpc.useUtils();
  const invitedNotice = useInvitedNotice();
  const form = useInvitationForm(
    EMPTY,
    async (input) => {
      const invited = await utils.client.admin.createAdminInvitation.mutate(input);
      await utils.admin.listAdminInvitations.invalidate();
      return invited;
    },
    invitedNotice,
  );
  return (
    <InvitationForm label={t('invite')} form={form}>
      <AdminFields
        actor={actor}
        value={form.fields}
        onChange={form.setFields}
        fieldError={form.errorOf}
        credentials={form.credentials()}
      />
    </InvitationForm>
  );
}
