'use client';
// What /account shows a guest session: it has no account yet; signing up or in keeps what it did.
import Link from 'next/link';
import { Panel, panelStyles } from '../components/panel';

export function GuestPanel() {
  return (
    <Panel title="You are shopping as a guest">
      <p className={panelStyles.muted}>Create an account or sign in: what you did as a guest moves to your account.</p>
      <p>
        <Link href="/account/sign-up">Create an account</Link> or <Link href="/account/login">sign in</Link>
      </p>
    </Panel>
  );
}
