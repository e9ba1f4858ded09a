'use client';
// A business's accounts (its owner and employees), a page at a time; each opens to its editor
// (employees only: an owner holds every module and store), its status and its sessions.
import { useFormatter, useTranslations } from 'next-intl';
import type { VendorAccount } from '@/contract/administration-schemas';
import { Disclosure } from '../components/disclosure';
import styles from '../components/list.module.css';
import { itemsOf, nextCursorOf, PagedList, PAGE_SIZE, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { panelStyles } from '../components/panel';
import { SessionsList } from '../session/sessions-list';
import { trpc } from '../trpc/client';
import { AccountStatus, AccountSummary, useModulesInWords } from './account-status';
import { AuditLink } from './audit-link';
import { EmployeeEditor } from './employee-editor';
import { useStores } from './stores-panel';

/** The business's accounts; the vendor page reads the business's name from them too. */
export function useVendorAccounts(vendorId: string) {
  const query = trpc.admin.listVendorAccounts.useInfiniteQuery(
    { vendorId, limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return { query, accounts: itemsOf(query.data) };
}

function AccountSessions({ vendorId, accountId }: { vendorId: string; accountId: string }) {
  const t = useTranslations('admin.vendorAccounts');
  const utils = trpc.useUtils();
  const ids = { vendorId, accountId };
  const query = trpc.admin.listVendorAccountSessions.useInfiniteQuery(
    { ...ids, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  async function end(sessionId: string) {
    await utils.client.admin.endVendorAccountSession.mutate({ ...ids, sessionId });
    await utils.admin.listVendorAccountSessions.invalidate(ids);
  }
  return <SessionsList query={query} onEnd={end} empty={t('noSessions')} />;
}

function AccountRow({ vendorId, account }: { vendorId: string; account: VendorAccount }) {
  const t = useTranslations('admin.vendorAccounts');
  const format = useFormatter();
  const modulesInWords = useModulesInWords();
  const utils = trpc.useUtils();
  const { stores } = useStores(vendorId);
  async function setDisabled(disabled: boolean) {
    const ids = { vendorId, accountId: account.id };
    await (disabled ? utils.client.admin.disableVendorAccount : utils.client.admin.enableVendorAccount).mutate(ids);
    await utils.admin.listVendorAccounts.invalidate({ vendorId });
  }
  const storeNames = account.store_ids.map((id) => stores.find((s) => s.id === id)?.name ?? t('storeNotLoaded'));
  const extra =
    account.vendor_type === 'owner'
      ? t('ownerRights')
      : t('employeeRights', {
          modules: modulesInWords(account.modules),
          stores: storeNames.length ? format.list(storeNames, { type: 'unit' }) : t('noStores'),
        });
  const summary = (
    <AccountSummary
      name={account.name}
      email={account.email}
      type={account.vendor_type}
      disabled={account.disabled}
      extra={extra}
    />
  );
  return (
    <li className={styles.item}>
      <Disclosure label={t('manage')} subject={account.name} summary={summary}>
        <h4>{t('account')}</h4>
        {account.vendor_type === 'employee' ? (
          <EmployeeEditor vendorId={vendorId} account={account} />
        ) : (
          <p className={panelStyles.muted}>{t('ownerNothing')}</p>
        )}
        <h4>{t('status')}</h4>
        <AccountStatus name={account.name} disabled={account.disabled} setDisabled={setDisabled} />
        <h4>{t('sessions')}</h4>
        <AccountSessions vendorId={vendorId} accountId={account.id} />
        <AuditLink accountId={account.id} name={account.name} />
      </Disclosure>
    </li>
  );
}

export function VendorAccounts({ vendorId }: { vendorId: string }) {
  const t = useTranslations('admin.vendorAccounts');
  const { query } = useVendorAccounts(vendorId);
  return (
    <PagedList query={query} label={t('label')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(account) => <AccountRow vendorId={vendorId} account={account} />}
    </PagedList>
  );
}
