'use client';
// The authenticator app of a signed-in staff account: set one up (the same enrolment as at sign-in,
// with the access token instead of an mfa_token), new recovery codes, or remove it; the last two
// ask for the password again. New codes are shown once, to copy or download.
import { useState } from 'react';
import { EnrolmentStep } from '../auth/enrolment-step';
import { RecoveryCodes } from '../auth/recovery-codes';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { Panel, panelStyles } from '../components/panel';
import { trpc } from '../trpc/client';
import { PasswordConfirmForm } from './password-confirm-form';
import type { StaffRole } from './staff-role';

type View = 'status' | 'enrolling' | 'codes';

export function AuthenticatorPanel({
  role,
  enrolled,
  onChanged,
}: {
  role: StaffRole;
  enrolled: boolean;
  onChanged(): void;
}) {
  const utils = trpc.useUtils();
  const [view, setView] = useState<View>('status');
  const [codes, setCodes] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const back = () => setView('status');

  if (view === 'enrolling') {
    return (
      <Panel title="Authenticator app">
        <EnrolmentStep
          role={role}
          onDone={() => {
            back();
            setNotice('The authenticator app is set up.');
            onChanged();
          }}
          onCancel={back}
        />
      </Panel>
    );
  }
  if (view === 'codes') {
    return (
      <Panel title="Authenticator app">
        <RecoveryCodes codes={codes} onSaved={back} />
      </Panel>
    );
  }

  async function regenerate(password: string) {
    const { recovery_codes: fresh } = await utils.client[role].regenerateRecoveryCodes.mutate({ password });
    setNotice(null);
    setCodes(fresh);
    setView('codes');
  }

  async function remove(password: string) {
    await utils.client[role].totpRemove.mutate({ password });
    setNotice('The authenticator app is removed.');
    onChanged();
  }

  return (
    <Panel title="Authenticator app">
      <LiveAlert tone="success" message={notice} />
      {enrolled ? (
        <>
          <p>An authenticator app is set up: after your password, sign-in asks for the code it shows.</p>
          <h3>New recovery codes</h3>
          <PasswordConfirmForm
            label="New recovery codes"
            submitLabel="Generate new codes"
            pendingLabel="Generating…"
            hint="Your earlier recovery codes stop working."
            onConfirm={regenerate}
            done={() => null}
          />
          <h3>Remove the app</h3>
          <PasswordConfirmForm
            label="Remove the authenticator app"
            submitLabel="Remove app"
            pendingLabel="Removing…"
            hint="Its recovery codes go with it."
            onConfirm={remove}
            done={() => null}
          />
        </>
      ) : (
        <>
          <p className={panelStyles.muted}>
            No authenticator app is set up. With one, sign-in asks for its code after your password.
          </p>
          <div>
            <Button
              onClick={() => {
                setNotice(null);
                setView('enrolling');
              }}
            >
              Set up an authenticator app
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
