// The module navigation of a signed-in page; entries are the modules the account may use.
import Link from 'next/link';
import styles from './layout.module.css';

export interface NavEntry {
  key: string;
  label: string;
  href: string;
  current?: boolean;
}

export function ModuleNav({ entries }: { entries: readonly NavEntry[] }) {
  return (
    <nav className={styles.nav} aria-label="Modules">
      <p className={styles.navTitle} aria-hidden="true">
        Modules
      </p>
      <ul className={styles.navList}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link className={styles.navLink} href={entry.href} aria-current={entry.current ? 'page' : undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
