// The customers' mails: a code for each purpose (verification, sign-in, e-mail change) and the
// notices that go instead of a code or after a change, in plain text and HTML.
import type { MailMessage } from '../reset-ports';
import { codeMail, noticeMail } from './reset-mail';

type CustomerCodePurpose = 'verification' | 'sign_in' | 'email_change';

const CODE_MAILS: Record<CustomerCodePurpose, { subject: string; what: string; ignore: string }> = {
  verification: {
    subject: 'Confirm your e-mail address',
    what: 'verification code',
    ignore: 'If you did not create an account, ignore this message: no account is opened without the code.',
  },
  sign_in: {
    subject: 'Your sign-in code',
    what: 'sign-in code',
    ignore: 'If you did not ask to sign in, ignore this message: nobody can sign in with it but you.',
  },
  email_change: {
    subject: 'Confirm your new e-mail address',
    what: 'e-mail change code',
    ignore: 'If you did not ask to use this address, ignore this message: nothing changes without the code.',
  },
};

export function customerCodeMail(
  purpose: CustomerCodePurpose,
  input: { to: string; name: string; code: string; ttlSeconds: number },
): MailMessage {
  return codeMail({ ...input, ...CODE_MAILS[purpose] });
}

/** To a taken address that someone tried to register. */
export const accountExistsMail = (to: string, name: string) =>
  noticeMail({
    to,
    name,
    subject: 'Someone tried to create an account with your address',
    lines: [
      'Someone tried to create an account with this address, which already has one, so nothing changed.',
      'Sign in, or reset your password if you have forgotten it. If it was not you, you need do nothing.',
    ],
  });

/** To a taken address that another customer tried to move to. */
export const emailTakenMail = (to: string, name: string) =>
  noticeMail({
    to,
    name,
    subject: 'Someone tried to use your address',
    lines: [
      'Someone tried to change the e-mail address of another account to this one, which already has an account, so nothing changed.',
      'If it was not you, you need do nothing.',
    ],
  });

/** To the old address once a change is confirmed. */
export const emailChangedMail = (to: string, name: string) =>
  noticeMail({
    to,
    name,
    subject: 'Your e-mail address was changed',
    lines: [
      'The e-mail address of your account was changed; mail about the account now goes to the new address.',
      'If you did not change it, contact support at once.',
    ],
  });
