'use client';
// An account in the administration lists: how it reads (name, type, status, what it may do), and
// disabling or enabling it. Disabling ends every session at once and refuses its access tokens;
// enabling lets it sign in again (old sessions stay ended). Nobody disables themselves.
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import styles from '../components/list.module.css';
import { panelStyles } from '../components/panel';
import { isModuleKey, MODULE_LABEL } from '../session/module-navigation';
import { useAction } from './use-action';

export interface AccountStatusProps {
  name: string;
  disabled: boolean;
  /** The signed-in admin's own account: the service refuses to disable it, so no button is offered. */
  self?: boolean;
  setDisabled(disabled: boolean): Promise<unknown>;
}

export function AccountStatus({ name, disabled, self, setDisabled }: AccountStatusProps) {
  const action = useAction(setDisabled, (_, nowDisabled) =>
    nowDisabled ? `${name} is disabled and signed out everywhere.` : `${name} is enabled and can sign in again.`,
  );
  if (self)
    return <p className={panelStyles.muted}>This is your own account: another admin can disable it, you cannot.</p>;
  return (
    <div className={styles.stack}>
      <LiveAlert tone="error" message={action.error} />
      <LiveAlert tone="success" message={action.success} />
      <div className={styles.footer}>
        <p className={styles.meta}>
          {disabled ? 'Disabled: cannot sign in.' : 'Enabled. Disabling signs the account out everywhere at once.'}
        </p>
        <Button
          variant="secondary"
          onClick={() => action.run(!disabled)}
          pending={action.pending}
          pendingLabel={disabled ? 'Enabling…' : 'Disabling…'}
        >
          {disabled ? 'Enable account' : 'Disable account'}
          <span className="visually-hidden"> of {name}</span>
        </Button>
      </div>
    </div>
  );
}

export function modulesInWords(modules: readonly string[]): string {
  return modules.length ? modules.map((m) => (isModuleKey(m) ? MODULE_LABEL[m] : m)).join(', ') : 'no modules';
}

export function AccountSummary({
  name,
  email,
  type,
  disabled,
  extra,
}: {
  name: string;
  email: string;
  type: string;
  disabled: boolean;
  extra: string;
}) {
  return (
    <div>
      <h3 className={styles.title}>
        {name} <span className={styles.badge}>{ACCOUNT_TYPE_LABEL[type] ?? type}</span>{' '}
        {disabled ? <span className={`${styles.badge} ${styles.disabled}`}>Disabled</span> : null}
      </h3>
      <p className={styles.meta}>{email}</p>
      <p className={styles.meta}>{extra}</p>
    </div>
  );
}
