// The landing page's frame and its three ways in (customers, vendor staff, admins), as the start
// page and the not-found page offer them.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import styles from './landing.module.css';

const DOORS = [
  { href: '/account/login', title: 'Customers', text: 'Shoppers: sign in or create an account, manage your details.' },
  { href: '/vendor/login', title: 'Vendor staff', text: 'Owners and store employees: open the point of sale.' },
  { href: '/admin/login', title: 'Admin', text: 'Platform administrators: manage vendors, orders and more.' },
];

/** The brand, a heading and a lead over the sign-in doors. */
export function SignInDoors({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Brand />
      </header>
      <main className={styles.main}>
        <h1>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        <ul className={styles.doors}>
          {DOORS.map((door) => (
            <li key={door.href}>
              <Link className={styles.door} href={door.href}>
                <span className={styles.doorTitle}>{door.title}</span>
                <span className={styles.doorText}>{door.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
