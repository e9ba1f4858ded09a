// Messages announced to screen readers. The live region is always in the page, so a message that
// appears in it later is announced (a region inserted together with its text often is not).
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'success' | 'info';

const ICON: Record<AlertTone, string> = { error: '!', success: '✓', info: 'i' };
export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  const t = useTranslations('common.alert');
  return (
    <div className={`${styles.alert} ${styles[tone]}`}>
      <span className={styles.icon} aria-hidden="true">
        {ICON[tone]}
      </span>
      <div>
        {tone === 'info' ? null : <span className="visually-hidden">{t(tone)}</span>}
        {children}
      </div>
    </div>
  );
}

/** An assertive region for a form's errors and a polite one for other news; empty takes no space. */
export function LiveAlert({ tone, message }: { tone: AlertTone; message?: string | null }) {
  return (
    <div className={styles.region} role={tone === 'error' ? 'alert' : 'status'} aria-atomic="true">
      {message ? <Alert tone={tone}>{message}</Alert> : null}
    </div>
  );
}
