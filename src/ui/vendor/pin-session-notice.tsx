// What a PIN session at a till is told in place of the controls it may not use: it does
// point-of-sale work only, and the rest needs a sign-in with the e-mail and password.
import Link from 'next/link';
import { Panel } from '../components/panel';

export function PinSessionNotice() {
  return (
    <Panel title="Point-of-sale work only">
      <p>
        A PIN session at a till does point-of-sale work only. Changing your password or PIN, your second factors,
        pairing tills and managing staff each needs a password sign-in.
      </p>
      <p>
        <Link href="/vendor/login">Sign in with e-mail and password</Link> for those, on your own device or here after
        you lock the till.
      </p>
    </Panel>
  );
}
