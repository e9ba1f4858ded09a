'use client';
// /admin/vendors/<id>: one business (the `vendors` module): its stores and terminals, its accounts
// with their modules, stores, status and sessions, and invitations of new employees.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Panel } from '../components/panel';
import { AdminPage, PageHeader } from './admin-page';
import { StaffInvitations } from './invitation-list';
import { InviteEmployeeForm } from './invite-employee-form';
import { StoresPanel, useStores } from './stores-panel';
import { useVendorAccounts, VendorAccounts } from './vendor-accounts';

function VendorDetails({ vendorId }: { vendorId: string }) {
  const t = useTranslations('admin.vendor');
  // Every account carries its business's name, and a business always has its owner.
  const { accounts } = useVendorAccounts(vendorId);
  const name = accounts[0]?.vendor_name;
  const { stores } = useStores(vendorId);
  return (
    <>
      <PageHeader title={name ?? t('title')} lead={t('lead')} back={<Link href="/admin/vendors">{t('back')}</Link>} />
      <Panel title={t('stores')}>
        <StoresPanel vendorId={vendorId} />
      </Panel>
      <Panel title={t('accounts')}>
        <VendorAccounts vendorId={vendorId} />
      </Panel>
      <Panel title={t('invite')}>
        <InviteEmployeeForm vendorId={vendorId} stores={stores} />
      </Panel>
      <Panel title={t('pending')}>
        <StaffInvitations vendorId={vendorId} />
      </Panel>
    </>
  );
}

export function VendorPage({ vendorId }: { vendorId: string }) {
  const t = useTranslations('admin.vendor');
  return (
    <AdminPage current="vendors" module="vendors" title={t('title')}>
      {() => <VendorDetails vendorId={vendorId} />}
    </AdminPage>
  );
}
