'use client';
// The security page of a signed-in admin or vendor account: which second factors it has, its
// authenticator app and recovery codes, and its passkeys. Every change reloads the profile, whose
// `mfa` summary the status line reads.
import type { z } from 'zod';
import type { profileMfa } from '@/contract/auth-schemas';
import { Details, Panel } from '../components/panel';
import { trpc } from '../trpc/client';
import { AuthenticatorPanel } from './authenticator-panel';
import type { StaffRole } from './staff-role';
import { PasskeysPanel } from './passkeys-panel';

export type { StaffRole };

const passkeysInWords = (count: number) => (count === 0 ? 'None' : count === 1 ? '1 passkey' : `${count} passkeys`);

export function SecurityPanels({ role, mfa }: { role: StaffRole; mfa?: z.infer<typeof profileMfa> }) {
  const utils = trpc.useUtils();
  const changed = () => void utils[role].me.invalidate();
  return (
    <>
      <Panel title="Second factors">
        <Details
          rows={[
            ['Authenticator app', mfa?.totp ? 'Set up' : 'Not set up'],
            ['Passkeys', mfa ? passkeysInWords(mfa.passkeys) : '…'],
          ]}
        />
      </Panel>
      <AuthenticatorPanel role={role} enrolled={mfa?.totp ?? false} onChanged={changed} />
      <PasskeysPanel role={role} onChanged={changed} />
    </>
  );
}
