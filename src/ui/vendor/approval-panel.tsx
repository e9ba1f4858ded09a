'use client';
// "Manager approval" in a PIN session at a till: the cashier asks for one action (a refund, a
// discount, ...) on a sale, the page shows the request and the managers, and one of them types
// their PIN on this terminal; the approval token the till hands to the POS service is then shown.
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { PairedTerminal } from '@/contract/terminal-schemas';
import formStyles from '../auth/form.module.css';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import listStyles from '../components/list.module.css';
import { Details, Panel } from '../components/panel';
import { TextField } from '../components/text-field';
import { shownErrorOf, trpc } from '../trpc/client';
import { PinKeypad } from './pin-keypad';

/** The actions a default installation approves; the server's APPROVAL_ACTIONS decides. */
const SUGGESTED_ACTIONS = ['refund', 'discount', 'price_override', 'void'];

type Person = { account_id: string; name: string };

/** The problem codes an approval's refusal is told in words of its own here. */
const REFUSALS = ['invalid_credentials', 'forbidden', 'permission_denied', 'not_found'] as const;
const isRefusal = (code: string): code is (typeof REFUSALS)[number] => (REFUSALS as readonly string[]).includes(code);

export function ApprovalPanel({ till, staff, selfId }: { till: PairedTerminal; staff: Person[]; selfId: string }) {
  const t = useTranslations('vendor.approval');
  const [fields, setFields] = useState({ action: 'refund', reference: '', amount: '' });
  const [manager, setManager] = useState<Person | null>(null);
  const [noReference, setNoReference] = useState(false);
  const ask = trpc.vendor.askApproval.useMutation({ onSuccess: () => approve.reset() });
  const approve = trpc.vendor.approve.useMutation();
  const asked = ask.data && ask.variables;
  const askError = ask.error ? shownErrorOf(ask.error) : null;
  const approveError = approve.error ? shownErrorOf(approve.error) : null;
  const managers = staff.filter((person) => person.account_id !== selfId);

  function submit(event: FormEvent) {
    event.preventDefault();
    setManager(null);
    // Nothing is asked without a reference: the manager must see what they approve.
    setNoReference(fields.reference.trim() === '');
    if (fields.reference.trim() === '') return;
    ask.mutate({ ...fields, amount: fields.amount.trim() === '' ? undefined : fields.amount });
  }
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Panel title={t('title')}>
      <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('askLabel')}>
        <LiveAlert tone="error" message={askError?.message} />
        <TextField
          label={t('action')}
          name="action"
          list="approval-actions"
          value={fields.action}
          onChange={set('action')}
          error={askError?.fieldErrors.action}
        />
        <datalist id="approval-actions">
          {SUGGESTED_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <TextField
          label={t('referenceField')}
          name="reference"
          value={fields.reference}
          onChange={set('reference')}
          error={noReference ? t('referenceMissing') : askError?.fieldErrors.reference}
        />
        <TextField
          label={t('amountField')}
          name="amount"
          inputMode="decimal"
          value={fields.amount}
          onChange={set('amount')}
          error={askError?.fieldErrors.amount}
        />
        <div>
          <Button type="submit" pending={ask.isPending} pendingLabel={t('asking')}>
            {t('ask')}
          </Button>
        </div>
      </form>
      {asked ? (
        <section aria-label={t('waiting')}>
          <Details
            rows={[
              [t('action'), asked.action],
              [t('reference'), asked.reference],
              [t('amount'), asked.amount ?? '—'],
              [t('terminal'), till.name],
            ]}
          />
          {approve.data ? (
            <LiveAlert
              tone="success"
              message={t('approved', {
                name: manager?.name ?? t('aManager'),
                seconds: approve.data.expires_in,
              })}
            />
          ) : (
            <>
              <LiveAlert
                tone="error"
                message={
                  approveError
                    ? isRefusal(approveError.code)
                      ? t(`refusal.${approveError.code}`)
                      : approveError.message
                    : null
                }
              />
              {manager ? (
                <>
                  <PinKeypad
                    who={manager.name}
                    purpose="approve"
                    pending={approve.isPending}
                    onSubmit={(pin) =>
                      approve.mutate({ approvalId: ask.data.approval_id, account_id: manager.account_id, pin })
                    }
                  />
                  <Button variant="link" onClick={() => setManager(null)}>
                    {t('anotherManager')}
                  </Button>
                </>
              ) : (
                <ul className={listStyles.list} aria-label={t('managers')}>
                  {managers.map((person) => (
                    <li key={person.account_id}>
                      <Button variant="secondary" onClick={() => setManager(person)}>
                        {person.name}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      ) : null}
    </Panel>
  );
}
