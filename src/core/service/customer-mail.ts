// The customers' mails: a code for each purpose (verification, sign-in, e-mail change) and the
// notices that go instead of a code or after a change, in the recipient's language.
import type { MailText } from '../mail-texts';
import type { MailMessage } from '../reset-ports';
import { codeMail, plainNotice, type CodeMailKind } from './reset-mail';

type CustomerCodePurpose = 'verification' | 'sign_in' | 'email_change';

const CODE_MAILS: Record<CustomerCodePurpose, CodeMailKind> = {
  verification: 'verification',
  sign_in: 'signIn',
  email_change: 'emailChange',
};

export function customerCodeMail(
  text: MailText,
  purpose: CustomerCodePurpose,
  input: { to: string; name: string; code: string; ttlSeconds: number },
): MailMessage {
  return codeMail(text, CODE_MAILS[purpose], input);
}

/** To a taken address that someone tried to register. */
export const accountExistsMail = (text: MailText, to: string, name: string) =>
  plainNotice(text, 'accountExists', to, name);

/** To a taken address that another customer tried to move to. */
export const emailTakenMail = (text: MailText, to: string, name: string) => plainNotice(text, 'emailTaken', to, name);

/** To the old address once a change is confirmed. */
export const emailChangedMail = (text: MailText, to: string, name: string) =>
  plainNotice(text, 'emailChanged', to, name);
