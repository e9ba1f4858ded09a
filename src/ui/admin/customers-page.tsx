'use client';
// /admin/customers: the customer accounts (the `customers` module), searched by e-mail or name a
// page at a time; each opens to its status (disable, enable) and its sessions.
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('admin.customers');
  const utils = trpc.useUtils();
  const query = trpc.admin.listCustomerSessions.useInfiniteQuery(
    { customerId, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  async function end(sessionId: string) {
    await utils.client.admin.endCustomerSession.mutate({ customerId, sessionId });
    await utils.admin.listCustomerSessions.invalidate({ customerId });
  }
  return <SessionsList query={query} onEnd={end} empty={t('noSessions')} />;
}

function CustomerRow({ account }: { account: CustomerAccount }) {
  const t = useTranslations('admin.customers');
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
      extra={account.email_verified ? t('emailConfirmed') : t('emailNotConfirmed')}
    />
  );
  return (
    <li className={styles.item}>
      <Disclosure label={t('manage')} subject={account.name} summary={summary}>
        <h4>{t('status')}</h4>
        <AccountStatus name={account.name} disabled={account.disabled} setDisabled={setDisabled} />
        <h4>{t('sessions')}</h4>
        <CustomerSessions customerId={account.id} />
        <AuditLink accountId={account.id} name={account.name} />
      </Disclosure>
    </li>
  );
}

function CustomersList({ search }: { search: string }) {
  const t = useTranslations('admin.customers');
  const query = trpc.admin.listCustomers.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(search ? { query: search } : {}) },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label={t('accounts')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(account) => <CustomerRow account={account} />}
    </PagedList>
  );
}

export function CustomersPage() {
  const t = useTranslations('admin.customers');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  return (
    <AdminPage current="customers" module="customers" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <Panel title={t('accounts')}>
            <ActionForm
              label={t('searchLabel')}
              submitLabel={t('search')}
              pendingLabel={t('searching')}
              pending={false}
              onSubmit={() => setSearch(text.trim())}
              inline
            >
              <TextField
                label={t('searchField')}
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
