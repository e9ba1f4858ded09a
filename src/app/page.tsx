// The landing page: where customers, vendor staff and admins choose how to sign in.
import Link from 'next/link';
import { Brand } from '@/ui/components/brand';
import styles from '@/ui/components/landing.module.css';

const DOORS = [
  { href: '/account/login', title: 'Customers', text: 'Shoppers: sign in or create an account, manage your details.' },
  { href: '/vendor/login', title: 'Vendor staff', text: 'Owners and store employees: open the point of sale.' },
  { href: '/admin/login', title: 'Admin', text: 'Platform administrators: manage vendors, orders and more.' },
];

export default function Home() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Brand />
      </header>
      <main className={styles.main}>
        <h1>Sign in to the commerce platform</h1>
        <p className={styles.lead}>Choose how you work with the platform.</p>
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
