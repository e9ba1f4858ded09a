'use client';
// A business's stores with their POS terminals, a page at a time: adding a store, and a terminal
// to any store.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Store } from '@/contract/administration-schemas';
import { ActionForm } from '../components/action-form';
import styles from '../components/list.module.css';
import { itemsOf, nextCursorOf, PagedList, PAGE_SIZE } from '../components/paged-list';
import { panelStyles } from '../components/panel';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { blankFields, useAction } from './use-action';

/** The business's stores, one paged query that every part of its page shares through the cache. */
export function useStores(vendorId: string) {
  const query = trpc.admin.listStores.useInfiniteQuery(
    { vendorId, limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return { query, stores: itemsOf(query.data) };
}

/** A one-field form (a store's or a terminal's name) that empties itself once the record exists. */
function NameForm({
  label,
  fieldLabel,
  missing,
  submitLabel,
  create,
}: {
  label: string;
  fieldLabel: string;
  /** The message when the name is left blank. */
  missing: string;
  submitLabel: string;
  create(name: string): Promise<{ name: string }>;
}) {
  const t = useTranslations('admin.stores');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const action = useAction(create, (created) => {
    setName('');
    return t('added', { name: created.name });
  });
  function submit() {
    const found = blankFields({ name: [name, missing] }).name;
    setProblem(found);
    if (!found) action.run(name);
  }
  return (
    <ActionForm
      label={label}
      submitLabel={submitLabel}
      pendingLabel={t('adding')}
      pending={action.pending}
      error={action.error}
      success={action.success}
      onSubmit={submit}
      inline
    >
      <TextField
        label={fieldLabel}
        name="name"
        autoComplete="off"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={problem ?? action.fieldError('name')}
      />
    </ActionForm>
  );
}

function StoreItem({ vendorId, store }: { vendorId: string; store: Store }) {
  const t = useTranslations('admin.stores');
  const utils = trpc.useUtils();
  async function addTerminal(name: string) {
    const created = await utils.client.admin.createTerminal.mutate({ vendorId, storeId: store.id, name });
    await utils.admin.listStores.invalidate({ vendorId });
    return created;
  }
  return (
    <li className={styles.item}>
      <h3 className={styles.title}>{store.name}</h3>
      {store.pos_terminals.length ? (
        <ul className={panelStyles.chips} aria-label={t('terminalsOf', { name: store.name })}>
          {store.pos_terminals.map((terminal) => (
            <li key={terminal.id}>{terminal.name}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{t('noTerminals')}</p>
      )}
      <NameForm
        label={t('newTerminal', { name: store.name })}
        fieldLabel={t('terminalName')}
        missing={t('terminalNameMissing')}
        submitLabel={t('addTerminal')}
        create={addTerminal}
      />
    </li>
  );
}

export function StoresPanel({ vendorId }: { vendorId: string }) {
  const t = useTranslations('admin.stores');
  const utils = trpc.useUtils();
  const { query } = useStores(vendorId);
  async function addStore(name: string) {
    const created = await utils.client.admin.createStore.mutate({ vendorId, name });
    await utils.admin.listStores.invalidate({ vendorId });
    return created;
  }
  return (
    <>
      <PagedList query={query} label={t('label')} noun={t('noun')} one={t('one')} empty={t('empty')}>
        {(store) => <StoreItem vendorId={vendorId} store={store} />}
      </PagedList>
      <NameForm
        label={t('newStore')}
        fieldLabel={t('storeName')}
        missing={t('storeNameMissing')}
        submitLabel={t('addStore')}
        create={addStore}
      />
    </>
  );
}
