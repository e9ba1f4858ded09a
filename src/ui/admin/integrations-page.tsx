'use client';
// /admin/integrations: the landing page of the `integrations` module, one entry per way the
// platform's services and apps connect to this one.
import Link from 'next/link';
import styles from '../components/list.module.css';
import { Panel } from '../components/panel';
import { AdminPage, PageHeader } from './admin-page';

export function IntegrationsPage() {
  return (
    <AdminPage current="integrations" module="integrations" title="Integrations">
      {() => (
        <>
          <PageHeader title="Integrations" lead="How the platform's other services connect to accounts here." />
          <Panel title="Connections">
            <ul className={styles.list} aria-label="Integrations">
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/webhooks">Webhooks</Link>
                </h3>
                <p className={styles.meta}>
                  Signed messages to your services when accounts change: endpoints, their delivery log, retries and test
                  messages.
                </p>
              </li>
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/apps">Apps</Link>
                </h3>
                <p className={styles.meta}>
                  OAuth and OpenID Connect apps that sign people in and act for them: redirect URIs, scopes, a
                  confidential app&apos;s secret shown once and rotated.
                </p>
              </li>
              <li className={styles.item}>
                <h3 className={styles.title}>
                  <Link href="/admin/service-clients">Service clients</Link>
                </h3>
                <p className={styles.meta}>
                  Credentials your services present to this one: each client&apos;s secret is shown once, rotated with
                  an overlap, removed when the service goes.
                </p>
              </li>
            </ul>
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
