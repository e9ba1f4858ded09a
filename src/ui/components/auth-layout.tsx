// The frame of the sign-in and password-reset pages: brand, role, one card with the page's title.
import type { ReactNode } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { ROLE_LABEL } from '../auth/role-text';
import { Brand } from './brand';
import styles from './layout.module.css';

export interface AuthLayoutProps {
  role: Role;
  title: string;
  lead?: string;
  footer?: ReactNode;
  children: ReactNode;
}

export function AuthLayout({ role, title, lead, footer, children }: AuthLayoutProps) {
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Brand />
        <span className={styles.chip}>{ROLE_LABEL[role]}</span>
      </header>
      <main className={styles.authMain}>
        <div className={styles.card}>
          <div>
            <h1>{title}</h1>
            {lead ? <p className={styles.lead}>{lead}</p> : null}
          </div>
          {/* Before the page's script runs its forms cannot work: a form posted then comes back here. */}
          <noscript>
            <p className={styles.lead}>
              This page needs JavaScript: turn it on in your browser, then sign in or continue here.
            </p>
          </noscript>
          {children}
        </div>
        {footer ? <div className={styles.authFooter}>{footer}</div> : null}
      </main>
    </div>
  );
}
