'use client';
// An account in the administration lists: how it reads (name, type, status, what it may do), and
// disabling or enabling it. Disabling ends every session at once and refuses its access tokens;
// enabling lets it sign in again (old sessions stay ended). Nobody disables themselves.
import { useFormatter, useTranslations } from 'next-intl';
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
  const t = useTranslations('admin.accountStatus');
  const action = useAction(setDisabled, (_, nowDisabled) =>
    nowDisabled ? t('disabledDone', { name }) : t('enabledDone', { name }),
  );
  if (self) return <p className={panelStyles.muted}>{t('self')}</p>;
  return (
    <div className={styles.stack}>
      <LiveAlert tone="error" message={action.error} />
      <LiveAlert tone="success" message={action.success} />
      <div className={styles.footer}>
        <p className={styles.meta}>{disabled ? t('disabledLine') : t('enabledLine')}</p>
        <Button
          variant="secondary"
          onClick={() => action.run(!disabled)}
          pending={action.pending}
          pendingLabel={disabled ? t('enabling') : t('disabling')}
        >
          {t.rich(disabled ? 'enable' : 'disable', {
            name,
            hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
          })}
        </Button>
      </div>
    </div>
  );
}

/** The modules' names as a list in the reader's language ("Orders, Point of sale"), or "no modules". */
export function useModulesInWords() {
  const t = useTranslations('admin.accountStatus');
  const format = useFormatter();
  return (modules: readonly string[]) =>
    modules.length
      ? format.list(
          modules.map((m) => (isModuleKey(m) ? MODULE_LABEL[m] : m)),
          { type: 'unit' },
        )
      : t('noModules');
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
  const t = useTranslations('admin.accountStatus');
  return (
    <div>
      <h3 className={styles.title}>
        {name} <span className={styles.badge}>{ACCOUNT_TYPE_LABEL[type] ?? type}</span>{' '}
        {disabled ? <span className={`${styles.badge} ${styles.disabled}`}>{t('disabledBadge')}</span> : null}
      </h3>
      <p className={styles.meta}>{email}</p>
      <p className={styles.meta}>{extra}</p>
    </div>
  );
}
