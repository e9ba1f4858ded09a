// The "your password was changed" notice, mailed after every change of password (reset, the
// account's own change, an operator's), so an owner learns of a change it did not make.
import type { Locale } from '../../contract/locales';
import type { ClientInfo } from '../client-info';
import { mailTextFor, type MailText } from '../mail-texts';
import type { MailMessage } from '../reset-ports';
import type { ServiceDeps } from './deps';
import { noticeMail } from './reset-mail';

export function passwordChangedMail(text: MailText, input: { to: string; name: string; at: Date }): MailMessage {
  const lines = [
    text.t('passwordChanged.happened', { when: text.dateTime(input.at) }),
    text.t('passwordChanged.advice'),
  ];
  return noticeMail(text, { to: input.to, name: input.name, subject: text.t('passwordChanged.subject'), lines });
}

/** Mails the notice after the answer has gone out; a failing mail server never fails the change. */
export function createPasswordChangedNotice(
  deps: Pick<ServiceDeps, 'mailer' | 'defer' | 'clock' | 'mailTexts' | 'config'>,
) {
  return (account: { email: string; name: string; locale?: Locale | null }, client?: ClientInfo) => {
    const at = deps.clock.now();
    const text = mailTextFor(deps, account, client);
    deps.defer('password-changed-notice', () =>
      deps.mailer.send(passwordChangedMail(text, { to: account.email, name: account.name, at })),
    );
  };
}
