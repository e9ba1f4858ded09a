'use client';
// /admin/vendors: the vendor businesses (the `vendors` module), a page at a time, each linking to
// its page; and a new business with its owner, who holds every vendor module, after which the
// admin goes on to its page to add stores, terminals and employees.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';
import { passwordProblem } from '../auth/password-rules';
import { ActionForm } from '../components/action-form';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE } from '../components/paged-list';
import { Panel } from '../components/panel';
import { PasswordField, TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { blankFields, useAction } from './use-action';

const vendorPath = (vendorId: string) => `/admin/vendors/${encodeURIComponent(vendorId)}`;

function VendorsList() {
  const query = trpc.admin.listVendors.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList
      query={query}
      label="Vendor businesses"
      noun="businesses"
      one="business"
      empty="No vendor businesses yet."
    >
      {(vendor) => (
        <li className={`${styles.item} ${styles.row}`}>
          <Link className={styles.title} href={vendorPath(vendor.id)}>
            {vendor.name}
          </Link>
        </li>
      )}
    </PagedList>
  );
}

function NewVendorForm() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const [form, setForm] = useState({ name: '', owner_name: '', owner_email: '', owner_password: '' });
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const action = useAction(
    async (input: typeof form) => {
      const created = await utils.client.admin.createVendor.mutate(input);
      await utils.admin.listVendors.invalidate();
      return created;
    },
    ({ vendor }) => {
      router.push(vendorPath(vendor.id));
      return `${vendor.name} is created. Opening its page…`;
    },
  );

  function submit() {
    const found = {
      ...blankFields({
        name: [form.name, 'Enter the business name.'],
        owner_name: [form.owner_name, "Enter the owner's name."],
        owner_email: [form.owner_email, "Enter the owner's e-mail address."],
      }),
      owner_password: passwordProblem(form.owner_password) ?? undefined,
    };
    setProblems(found);
    if (Object.values(found).every((problem) => !problem)) action.run(form);
  }

  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const errorOf = (key: keyof typeof form) => problems[key] ?? action.fieldError(key);
  const text = (key: keyof typeof form) => ({
    name: key,
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key)(e.target.value),
    error: errorOf(key),
    autoComplete: 'off',
    required: true,
  });
  return (
    <ActionForm
      label="New vendor business"
      submitLabel="Create business"
      pendingLabel="Creating…"
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={submit}
    >
      <TextField label="Business name" {...text('name')} />
      <TextField label="Owner's name" {...text('owner_name')} />
      <TextField label="Owner's e-mail" type="email" {...text('owner_email')} />
      <PasswordField
        label="Owner's first password"
        name="owner_password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={form.owner_password}
        onChange={set('owner_password')}
        error={errorOf('owner_password')}
      />
    </ActionForm>
  );
}

export function VendorsPage() {
  return (
    <AdminPage current="vendors" module="vendors" title="Vendors">
      {() => (
        <>
          <PageHeader
            title="Vendors"
            lead="The businesses selling on the platform, with their stores, terminals and staff."
          />
          <Panel title="Vendor businesses">
            <VendorsList />
          </Panel>
          <Panel title="New vendor business">
            <NewVendorForm />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
