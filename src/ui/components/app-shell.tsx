'use client';
// The frame of every signed-in page: brand, who is signed in, the logout control, the module
// navigation and the page's content.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { LogoutButton } from '../session/logout-button';
import { Brand } from './brand';
import styles from './layout.module.css';
import { ModuleNav, type NavEntry } from './module-nav';

export interface AppShellProps {
  role: Role;
  user?: { name: string; type: string };
  /** The module navigation; none (a customer's account has no modules) leaves the page without a sidebar. */
  nav?: readonly NavEntry[];
  children: ReactNode;
}

export function AppShell({ role, user, nav, children }: AppShellProps) {
  const t = useTranslations('common');
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerStart}>
          <Brand />
          <span className={styles.chip}>{t(`role.${role}`)}</span>
        </div>
        <div className={styles.user}>
          {user ? (
            <span>
              <span className={styles.userName}>{user.name}</span>{' '}
              <span className={styles.userType}>· {ACCOUNT_TYPE_LABEL[user.type] ?? user.type}</span>
            </span>
          ) : null}
          <LogoutButton role={role} />
        </div>
      </header>
      <div className={nav ? styles.body : `${styles.body} ${styles.bodyAlone}`}>
        {nav ? <ModuleNav entries={nav} /> : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
