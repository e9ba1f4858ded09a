'use client';
// Creating an admin account: name, e-mail, a first password, type and modules.
import type { AdminProfile } from '@/contract/auth-schemas';
import { ActionForm } from '../components/action-form';
import { trpc } from '../trpc/client';
import { useNewAccount } from './account-forms';
import { AdminFields, type AdminFieldValues } from './admin-fields';

const EMPTY: AdminFieldValues = { name: '', admin_type: 'admin', modules: [] };
const PASSWORD_HINT =
  'At least 8 characters. Share it with the admin safely; they can change it with “Forgot password”.';

export function NewAdminForm({ actor }: { actor: AdminProfile }) {
  const utils = trpc.useUtils();
  const form = useNewAccount(
    EMPTY,
    async (input) => {
      const created = await utils.client.admin.createAdmin.mutate(input);
      await utils.admin.listAdmins.invalidate();
      return created;
    },
    (created) => `${created.name} (${created.email}) can now sign in as an admin.`,
  );
  const { action } = form;
  return (
    <ActionForm
      label="New admin"
      submitLabel="Create admin"
      pendingLabel="Creating…"
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={form.submit}
    >
      <AdminFields
        actor={actor}
        value={form.fields}
        onChange={form.setFields}
        fieldError={form.errorOf}
        credentials={form.credentials(PASSWORD_HINT)}
      />
    </ActionForm>
  );
}
