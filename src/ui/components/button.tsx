// The one button of the design system; `pending` disables it and says what is happening. A row's
// button (end a session, remove a passkey) runs an action on its row's id and waits on its own row.
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  block?: boolean;
  /** While true the button is disabled and shows `pendingLabel`. */
  pending?: boolean;
  pendingLabel?: string;
}

export function Button({
  variant = 'primary',
  block,
  pending,
  pendingLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/** What a row's button runs: a mutation of the row's id. */
interface RowAction<V> {
  isPending: boolean;
  variables: V | undefined;
  mutate(value: V): void;
}

/** A secondary button running `action` on `value`: pending on its own row, disabled on every row meanwhile. */
export function RowActionButton<V>({
  action,
  value,
  ...rest
}: Omit<ButtonProps, 'onClick' | 'pending' | 'disabled'> & { action: RowAction<V>; value: V }) {
  return (
    <Button
      variant="secondary"
      onClick={() => action.mutate(value)}
      pending={action.isPending && action.variables === value}
      disabled={action.isPending}
      {...rest}
    />
  );
}
