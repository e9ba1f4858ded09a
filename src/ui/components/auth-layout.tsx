// The frame of the sign-in and password-reset pages: brand, role, one card with the page's title.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { LanguageSwitch } from '../i18n/language-switch';
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
  const t = useTranslations('common');
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Brand />
        <span className={styles.chip}>{t(`role.${role}`)}</span>
        <span className={styles.authLanguage}>
          <LanguageSwitch />
        </span>
      </header>
      <main className={styles.authMain}>
        <div className={styles.card}>
          <div>
            <h1>{title}</h1>
            {lead ? <p className={styles.lead}>{lead}</p> : null}
          </div>
          {/* Before the page's script runs its forms cannot work: a form posted then comes back here. */}
          <noscript>
            <p className={styles.lead}>{t('noscript')}</p>
          </noscript>
          {children}
        </div>
        {footer ? <div className={styles.authFooter}>{footer}</div> : null}
      </main>
    </div>
  );
}
