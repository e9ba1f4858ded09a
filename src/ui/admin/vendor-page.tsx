'use client';
// /admin/vendors/<id>: one business (the `vendors` module): its stores and terminals, its accounts
// with their modules, stores, status and sessions, and invitations of new employees.
import Link from 'next/link';
import { Panel } from '../components/panel';
import { AdminPage, PageHeader } from './admin-page';
import { StaffInvitations } from './invitation-list';
import { InviteEmployeeForm } from './invite-employee-form';
import { StoresPanel, useStores } from './stores-panel';
import { useVendorAccounts, VendorAccounts } from './vendor-accounts';

function VendorDetails({ vendorId }: { vendorId: string }) {
  // Every account carries its business's name, and a business always has its owner.
  const { accounts } = useVendorAccounts(vendorId);
  const name = accounts[0]?.vendor_name;
  const { stores } = useStores(vendorId);
  return (
    <>
      <PageHeader
        title={name ?? 'Vendor business'}
        lead="Stores, POS terminals and staff of this business."
        back={<Link href="/admin/vendors">All vendors</Link>}
      />
      <Panel title="Stores and terminals">
        <StoresPanel vendorId={vendorId} />
      </Panel>
      <Panel title="Accounts">
        <VendorAccounts vendorId={vendorId} />
      </Panel>
      <Panel title="Invite an employee">
        <InviteEmployeeForm vendorId={vendorId} stores={stores} />
      </Panel>
      <Panel title="Pending invitations">
        <StaffInvitations vendorId={vendorId} />
      </Panel>
    </>
  );
}

export function VendorPage({ vendorId }: { vendorId: string }) {
  return (
    <AdminPage current="vendors" module="vendors" title="Vendor business">
      {() => <VendorDetails vendorId={vendorId} />}
    </AdminPage>
  );
}
