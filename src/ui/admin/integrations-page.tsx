'use client';
// /admin/integrations: the landing page of the `integrations` module, one entry per way the
// platform's services and apps connect to this one.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import styles from '../components/list.module.css';
import { Panel } from '../components/panel';
import { AdminPage, PageHeader } from './admin-page';

export function IntegrationsPage() {
  const t = useTranslations('admin.integrations');
  return (
    <AdminPage current="integrations" module="integrations" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <Panel title={t('connections')}>
            <ul className={styles.list} aria-label={t('title')}>
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/webhooks">{t('webhooks')}</Link>
                </h3>
                <p className={styles.meta}>{t('webhooksText')}</p>
              </li>
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/apps">{t('apps')}</Link>
                </h3>
                <p className={styles.meta}>{t('appsText')}</p>
              </li>
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/service-clients">{t('serviceClients')}</Link>
                </h3>
                <p className={styles.meta}>{t('serviceClientsText')}</p>
              </li>
            </ul>
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
