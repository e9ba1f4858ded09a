'use client';
// A secret the server answers with once (a webhook's signing secret, a service client's secret):
// shown at the top of the page in a status region that takes the focus and scrolls into view, so
// the admin sees it where they look after submitting, with a Copy button beside the value.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './alert.module.css';
import { Alert } from './alert';
import { Button } from './button';

export interface SecretOnceProps {
  /** The region's accessible name, e.g. "New signing secret". */
  label: string;
  /** What the secret is and for how long it is shown, above the value. */
  intro: ReactNode;
  /** The value's own label, read before it ("Signing secret", "Client secret"). */
  valueLabel: string;
  secret: string;
  /** Rows shown before the secret (a client id), each a label and its value. */
  before?: ReadonlyArray<readonly [string, string]>;
}

export function SecretOnce({ label, intro, valueLabel, secret, before = [] }: SecretOnceProps) {
  const region = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // A new secret replaces the form the admin just used: move them to it, once per secret.
  useEffect(() => {
    setCopied(null);
    region.current?.focus({ preventScroll: true });
    region.current?.scrollIntoView({ block: 'start' });
  }, [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div ref={region} role="status" aria-label={label} tabIndex={-1} className={styles.secretOnce}>
      <Alert tone="info">
        <div>{intro}</div>
        {before.map(([term, value]) => (
          <p key={term}>
            {term}: <code aria-label={term}>{value}</code>
          </p>
        ))}
        <p>
          {valueLabel}:{' '}
          <code aria-label={valueLabel} data-testid="shown-secret">
            {secret}
          </code>
        </p>
        <p className={styles.secretActions}>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy<span className="visually-hidden"> {valueLabel.toLowerCase()}</span>
          </Button>
          <span aria-live="polite">
            {copied === 'yes'
              ? 'Copied.'
              : copied === 'failed'
                ? 'The browser refused to copy: select the value and copy it.'
                : ''}
          </span>
        </p>
      </Alert>
    </div>
  );
}
