// The new-password rules, checked as the user types with the core's own limits.
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@/contract/auth-schemas';
import fieldStyles from '../components/field.module.css';

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return `Use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters).`;
  return null;
}

/** The length rule with what is still missing; shown in a polite live region by the field. */
export function PasswordRules({ password }: { password: string }) {
  const missing = PASSWORD_MIN_LENGTH - password.length;
  const tooLong = new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
  if (tooLong) return <span>Too long: at most {PASSWORD_MAX_BYTES} bytes.</span>;
  if (missing > 0) {
    return (
      <span>
        At least {PASSWORD_MIN_LENGTH} characters: {missing} more to go.
      </span>
    );
  }
  return (
    <span className={fieldStyles.met}>
      <span aria-hidden="true">✓ </span>At least {PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.
    </span>
  );
}
