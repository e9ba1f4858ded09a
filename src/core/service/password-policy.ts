// The new-password policy: the schema's length rules plus the common-password list.
import dumbPasswords from 'dumb-passwords';
import { AuthError } from '../auth-error';
import { newPasswordSchema } from '../../contract/auth-schemas';

/** Throws validation_failed naming `field` when `password` may not become an account's password. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  const parsed = newPasswordSchema.safeParse(password);
  const message = parsed.success
    ? dumbPasswords.check(password)
      ? 'is one of the most common passwords; choose another'
      : null
    : (parsed.error.issues[0]?.message ?? 'is not acceptable');
  if (message) {
    throw new AuthError('validation_failed', `The ${field} ${message}.`, { errors: [{ path: field, message }] });
  }
}
