'use client';
// /admin/vendors: the vendor businesses (the `vendors` module), a page at a time, each linking to
// its page; and a new business with its owner, who holds every vendor module, after which the
// admin goes on to its page to add stores, terminals and employees.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('admin.vendors');
  const query = trpc.admin.listVendors.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: nextCursorOf });
  return (
    <PagedList query={query} label={t('businesses')} noun={t('noun')} one={t('one')} empty={t('empty')}>
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
  const t = useTranslations('admin.vendors');
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
      return t('created', { name: vendor.name });
    },
  );

  function submit() {
    const found = {
      ...blankFields({
        name: [form.name, t('nameMissing')],
        owner_name: [form.owner_name, t('ownerNameMissing')],
        owner_email: [form.owner_email, t('ownerEmailMissing')],
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
      label={t('new')}
      submitLabel={t('create')}
      pendingLabel={t('creating')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={submit}
    >
      <TextField label={t('name')} {...text('name')} />
      <TextField label={t('ownerName')} {...text('owner_name')} />
      <TextField label={t('ownerEmail')} type="email" {...text('owner_email')} />
      <PasswordField
        label={t('ownerPassword')}
        name="owner_password"
        autoComplete="new-password"
        hint={t('ownerPasswordHint')}
        value={form.owner_password}
        onChange={set('owner_password')}
        error={errorOf('owner_password')}
      />
    </ActionForm>
  );
}

export function VendorsPage() {
  const t = useTranslations('admin.vendors');
  return (
    <AdminPage current="vendors" module="vendors" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <Panel title={t('businesses')}>
            <VendorsList />
          </Panel>
          <Panel title={t('new')}>
            <NewVendorForm />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
