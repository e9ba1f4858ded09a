'use client';
// Changing an admin account's name, type or modules: only the fields that changed are sent, so an
// admin may save a name without being asked about modules it cannot grant.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminAccount } from '@/contract/administration-schemas';
import { ADMIN_MODULES } from '@/contract/module-keys';
import type { AdminProfile } from '@/contract/auth-schemas';
import { trpc } from '../trpc/client';
import { ChangeForm } from './account-forms';
import { AdminFields, type AdminFieldValues } from './admin-fields';
import { sameMembers } from './use-action';

function changesOf(account: AdminAccount, fields: AdminFieldValues) {
  return {
    ...(fields.name.trim() !== account.name ? { name: fields.name } : {}),
    ...(fields.admin_type !== account.admin_type ? { admin_type: fields.admin_type } : {}),
    ...(!sameMembers(fields.modules, account.modules) ? { modules: fields.modules } : {}),
  };
}

export function AdminEditor({ actor, account }: { actor: AdminProfile; account: AdminAccount }) {
  const t = useTranslations('admin.adminEditor');
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<AdminFieldValues>(() => ({
    name: account.name,
    admin_type: account.admin_type,
    modules: ADMIN_MODULES.filter((m) => account.modules.includes(m)),
  }));
  async function save(changes: ReturnType<typeof changesOf>) {
    const updated = await utils.client.admin.updateAdmin.mutate({ adminId: account.id, ...changes });
    await utils.admin.listAdmins.invalidate();
    return updated;
  }
  const done = (updated: AdminAccount) =>
    updated.admin_type === 'super_admin'
      ? t('savedSuper', { name: updated.name })
      : t('saved', { name: updated.name, count: updated.modules.length });

  return (
    <ChangeForm name={account.name} changes={() => changesOf(account, fields)} save={save} done={done}>
      {(fieldError) => (
        <AdminFields actor={actor} value={fields} onChange={setFields} held={account.modules} fieldError={fieldError} />
      )}
    </ChangeForm>
  );
}
