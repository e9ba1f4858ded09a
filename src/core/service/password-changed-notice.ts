// The "your password was changed" notice, mailed after every change of password (reset, the
// account's own change, an operator's), so an owner learns of a change it did not make.
import type { MailMessage } from '../reset-ports';
import type { ServiceDeps } from './deps';
import { noticeMail } from './reset-mail';

export function passwordChangedMail(input: { to: string; name: string; at: Date }): MailMessage {
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [
    `The password of your account was changed on ${when}, and every earlier sign-in was ended.`,
    'If you did not change it, reset your password now and tell your administrator.',
  ];
  return noticeMail({ to: input.to, name: input.name, subject: 'Your password was changed', lines });
}

/** Mails the notice after the answer has gone out; a failing mail server never fails the change. */
export function createPasswordChangedNotice(deps: Pick<ServiceDeps, 'mailer' | 'defer' | 'clock'>) {
  return (account: { email: string; name: string }) => {
    const at = deps.clock.now();
    deps.defer('password-changed-notice', () =>
      deps.mailer.send(passwordChangedMail({ to: account.email, name: account.name, at })),
    );
  };
}
