'use client';
// Changing an employee's name, modules, permissions or stores; only changed fields are sent. The
// change applies on the employee's next request: its profile and context are read afresh.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { VendorAccount } from '@/contract/administration-schemas';
import { actionsOf, VENDOR_MODULES } from '@/contract/module-keys';
import { trpc } from '../trpc/client';
import { ChangeForm } from './account-forms';
import { EmployeeFields, type EmployeeFieldValues } from './employee-fields';
import { useStores } from './stores-panel';
import { sameMembers } from './use-action';

function fieldsOf(account: VendorAccount): EmployeeFieldValues {
  const held = account.module_permissions ?? {};
  return {
    name: account.name,
    modules: VENDOR_MODULES.filter((m) => account.modules.includes(m)),
    module_permissions: Object.fromEntries(
      VENDOR_MODULES.map((m) => [m, actionsOf(m).filter((a) => held[m]?.includes(a))]),
    ),
    store_ids: account.store_ids,
  };
}

function samePermissions(
  a: Record<string, readonly string[] | undefined>,
  b: Record<string, readonly string[] | undefined>,
) {
  return VENDOR_MODULES.every((m) => sameMembers(a[m] ?? [], b[m] ?? []));
}

function changesOf(account: VendorAccount, fields: EmployeeFieldValues) {
  return {
    ...(fields.name.trim() !== account.name ? { name: fields.name } : {}),
    ...(!sameMembers(fields.modules, account.modules) ? { modules: fields.modules } : {}),
    ...(!samePermissions(fields.module_permissions, account.module_permissions ?? {})
      ? { module_permissions: fields.module_permissions }
      : {}),
    ...(!sameMembers(fields.store_ids, account.store_ids) ? { store_ids: fields.store_ids } : {}),
  };
}

export function EmployeeEditor({ vendorId, account }: { vendorId: string; account: VendorAccount }) {
  const t = useTranslations('admin.employeeEditor');
  const utils = trpc.useUtils();
  const { stores } = useStores(vendorId);
  const [fields, setFields] = useState(() => fieldsOf(account));
  async function save(changes: ReturnType<typeof changesOf>) {
    const updated = await utils.client.admin.updateEmployee.mutate({ vendorId, accountId: account.id, ...changes });
    await utils.admin.listVendorAccounts.invalidate({ vendorId });
    return updated;
  }
  const done = (updated: VendorAccount) => t('saved', { name: updated.name });

  return (
    <ChangeForm name={account.name} changes={() => changesOf(account, fields)} save={save} done={done}>
      {(fieldError) => <EmployeeFields value={fields} onChange={setFields} stores={stores} fieldError={fieldError} />}
    </ChangeForm>
  );
}
