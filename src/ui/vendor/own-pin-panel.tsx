'use client';
// "Your PIN" on the POS page: set or change the PIN you switch in with at the shop's tills. Needs
// the current password, so it is offered in password sessions only (a PIN session gets step_up_required).
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PIN_LENGTH } from '@/contract/terminal-schemas';
import formStyles from '../auth/form.module.css';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import { Panel } from '../components/panel';
import { PasswordField } from '../components/text-field';
import { shownErrorOf, trpc } from '../trpc/client';

export function OwnPinPanel() {
  const t = useTranslations('vendor.ownPin');
  const [currentPassword, setCurrentPassword] = useState('');
  const [pin, setPin] = useState('');
  const save = trpc.vendor.setPin.useMutation({
    onSuccess() {
      setCurrentPassword('');
      setPin('');
    },
  });
  const error = save.error ? shownErrorOf(save.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ current_password: currentPassword, pin });
  }

  return (
    <Panel title={t('title')}>
      <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('formLabel')}>
        <LiveAlert tone="error" message={error?.message} />
        <LiveAlert tone="success" message={save.isSuccess ? t('saved') : null} />
        <PasswordField
          label={t('pin', { digits: PIN_LENGTH })}
          name="pin"
          autoComplete="new-password"
          inputMode="numeric"
          maxLength={PIN_LENGTH}
          value={pin}
          onChange={setPin}
          hint={t('pinHint')}
          error={error?.fieldErrors.pin}
        />
        <PasswordField
          label={t('currentPassword')}
          name="current_password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={error?.fieldErrors.current_password}
        />
        <div>
          <Button type="submit" pending={save.isPending} pendingLabel={t('saving')}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
