'use client';
// A business's stores with their POS terminals, a page at a time: adding a store, and a terminal
// to any store.
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
  submitLabel,
  create,
}: {
  label: string;
  fieldLabel: string;
  submitLabel: string;
  create(name: string): Promise<{ name: string }>;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const action = useAction(create, (created) => {
    setName('');
    return `${created.name} is added.`;
  });
  function submit() {
    const found = blankFields({ name: [name, `Enter the ${fieldLabel.toLowerCase()}.`] }).name;
    setProblem(found);
    if (!found) action.run(name);
  }
  return (
    <ActionForm
      label={label}
      submitLabel={submitLabel}
      pendingLabel="Adding…"
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
        <ul className={panelStyles.chips} aria-label={`Terminals of ${store.name}`}>
          {store.pos_terminals.map((t) => (
            <li key={t.id}>{t.name}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>No POS terminals yet.</p>
      )}
      <NameForm
        label={`New terminal for ${store.name}`}
        fieldLabel="Terminal name"
        submitLabel="Add terminal"
        create={addTerminal}
      />
    </li>
  );
}

export function StoresPanel({ vendorId }: { vendorId: string }) {
  const utils = trpc.useUtils();
  const { query } = useStores(vendorId);
  async function addStore(name: string) {
    const created = await utils.client.admin.createStore.mutate({ vendorId, name });
    await utils.admin.listStores.invalidate({ vendorId });
    return created;
  }
  return (
    <>
      <PagedList query={query} label="Stores" noun="stores" one="store" empty="No stores yet.">
        {(store) => <StoreItem vendorId={vendorId} store={store} />}
      </PagedList>
      <NameForm label="New store" fieldLabel="Store name" submitLabel="Add store" create={addStore} />
    </>
  );
}
