'use client';
// Adding an employee to a business: name, e-mail, a first password, modules with permissions, stores.
import { ActionForm } from '../components/action-form';
import { trpc } from '../trpc/client';
import { useNewAccount } from './account-forms';
import { EmployeeFields, type EmployeeFieldValues } from './employee-fields';
import { useStores } from './stores-panel';

const EMPTY: EmployeeFieldValues = { name: '', modules: [], module_permissions: {}, store_ids: [] };

export function NewEmployeeForm({ vendorId }: { vendorId: string }) {
  const utils = trpc.useUtils();
  const { stores } = useStores(vendorId);
  const form = useNewAccount(
    EMPTY,
    async (employee) => {
      const created = await utils.client.admin.createEmployee.mutate({ vendorId, ...employee });
      await utils.admin.listVendorAccounts.invalidate({ vendorId });
      return created;
    },
    (created) => `${created.name} (${created.email}) can now sign in at the point of sale.`,
  );
  const { action } = form;
  return (
    <ActionForm
      label="New employee"
      submitLabel="Add employee"
      pendingLabel="Adding…"
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={form.submit}
    >
      <EmployeeFields
        value={form.fields}
        onChange={form.setFields}
        stores={stores}
        fieldError={form.errorOf}
        credentials={form.credentials('At least 8 characters.')}
      />
    </ActionForm>
  );
}
