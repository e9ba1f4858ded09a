'use client';
// The signed-in account's own password change, on the admin profile, the POS page and /account: the current
// and a new password; on success this tab keeps a new session and every other one ends.
import { useState } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { useAction } from '../admin/use-action';
import { PasswordRules, passwordProblem } from '../auth/password-rules';
import { ActionForm } from '../components/action-form';
import { Panel } from '../components/panel';
import { TextField } from '../components/text-field';
import { trpc } from '../trpc/client';
import { accessTokens } from '../trpc/session-client';

export function ChangePassword({ role }: { role: Role }) {
  const utils = trpc.useUtils();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction(
    async (input: { current_password: string; new_password: string }) => {
      const { access_token: accessToken } = await utils.client[role].changePassword.mutate(input);
      accessTokens.set(role, accessToken);
    },
    () => {
      setCurrent('');
      setNext('');
      return 'Password changed. Your other sessions have ended.';
    },
  );

  function submit() {
    const tooWeak = current ? passwordProblem(next) : 'Enter your current password.';
    setProblem(tooWeak);
    if (!tooWeak) action.run({ current_password: current, new_password: next });
  }

  return (
    <Panel title="Change your password">
      <ActionForm
        label="Change your password"
        submitLabel="Change password"
        pendingLabel="Changing…"
        pending={action.pending}
        error={problem ?? action.error}
        success={action.success}
        onSubmit={submit}
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={action.fieldError('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint={<PasswordRules password={next} />}
          liveHint
          error={action.fieldError('new_password')}
        />
      </ActionForm>
    </Panel>
  );
}
