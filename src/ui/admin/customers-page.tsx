'use client';
// /admin/customers: the customer accounts (the `customers` module), searched by e-mail or name a
// page at a time; each opens to its status (disable, enable) and its sessions.
import { useState } from 'react';
import type { z } from 'zod';
import type { customerAccount } from '@/contract/customer-schemas';
import { ActionForm } from '../components/action-form';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, PAGE_SIZE, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { Panel } from '../components/panel';
import { TextField } from '../components/text-field';
import { SessionsList } from '../session/sessions-list';
import { trpc } from '../trpc/client';
import { AccountStatus, AccountSummary } from './account-status';
import { AdminPage, PageHeader } from './admin-page';
import { AuditLink } from './audit-link';

type CustomerAccount = z.infer<typeof customerAccount>;

function CustomerSessions({ customerId }: { customerId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.listCustomerSessions.useInfiniteQuery(
    { customerId, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  async function end(sessionId: string) {
    await utils.client.admin.endCustomerSession.mutate({ customerId, sessionId });
    await utils.admin.listCustomerSessions.invalidate({ customerId });
  }
  return <SessionsList query={query} onEnd={end} empty="Not signed in anywhere." />;
}

function CustomerRow({ account }: { account: CustomerAccount }) {
  const utils = trpc.useUtils();
  async function setDisabled(disabled: boolean) {
    await (disabled ? utils.client.admin.disableCustomer : utils.client.admin.enableCustomer).mutate({
      customerId: account.id,
    });
    await utils.admin.listCustomers.invalidate();
  }
  const summary = (
    <AccountSummary
      name={account.name}
      email={account.email}
      type="customer"
      disabled={account.disabled}
      extra={account.email_verified ? 'E-mail confirmed' : 'E-mail not confirmed'}
    />
  );
  return (
    <li className={styles.item}>
      <Disclosure label="Manage" subject={account.name} summary={summary}>
        <h4>Status</h4>
        <AccountStatus name={account.name} disabled={account.disabled} setDisabled={setDisabled} />
        <h4>Sessions</h4>
        <CustomerSessions customerId={account.id} />
        <AuditLink accountId={account.id} name={account.name} />
      </Disclosure>
    </li>
  );
}

function CustomersList({ search }: { search: string }) {
  const query = trpc.admin.listCustomers.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(search ? { query: search } : {}) },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label="Customer accounts" noun="customers" one="customer" empty="No customers found.">
      {(account) => <CustomerRow account={account} />}
    </PagedList>
  );
}

export function CustomersPage() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  return (
    <AdminPage current="customers" module="customers" title="Customers">
      {() => (
        <>
          <PageHeader
            title="Customers"
            lead="Shoppers' accounts: find one by e-mail or name, disable or enable it, end its sessions."
          />
          <Panel title="Customer accounts">
            <ActionForm
              label="Search customers"
              submitLabel="Search"
              pendingLabel="Searching…"
              pending={false}
              onSubmit={() => setSearch(text.trim())}
              inline
            >
              <TextField
                label="E-mail or name"
                name="search"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </ActionForm>
            <CustomersList search={search} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
