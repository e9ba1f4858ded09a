// The landing page: where admins and vendor staff choose how to sign in.
import Link from 'next/link';

export default function Home() {
  return (
    <main>
      <h1>Commerce Auth</h1>
      <ul>
        <li><Link href="/admin/login">Admin sign-in</Link></li>
        <li><Link href="/vendor/login">Vendor sign-in</Link></li>
      </ul>
    </main>
  );
}
