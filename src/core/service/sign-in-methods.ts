// The rule that a customer always keeps a way to sign in: removing an identity or a passkey is
// refused when no password, identity or passkey would be left. The repositories run it inside the
// removing transaction, so two removals at once cannot each leave the other's as the last one.
import { AuthError } from '../auth-error';
import type { SignInMethods } from '../identity-ports';

/**
 * Throws last_sign_in_method when nothing of `left` signs the customer in. A mailed code alone is
 * not counted: it is how a lost way in is recovered, not a way the customer chose.
 */
export function keepsSignInMethod(left: SignInMethods): void {
  if (!left.password && left.identities < 1 && left.passkeys < 1) {
    throw new AuthError(
      'last_sign_in_method',
      'This is your last way to sign in: add a password, a passkey or another provider first.',
    );
  }
}
