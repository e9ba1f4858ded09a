// The product's mark and name, linking home; drawn inline so no asset is fetched.
import Link from 'next/link';
import styles from './layout.module.css';

export function Brand() {
  return (
    <Link href="/" className={styles.brand}>
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect width="24" height="24" rx="6" fill="currentColor" />
        <path
          d="M7 12.5l3.2 3.2L17 8.8"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Commerce Auth</span>
    </Link>
  );
}
