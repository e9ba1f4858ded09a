'use client';
// The recovery codes, shown once: a list to copy or download, and a button to go on once saved.
import { useState } from 'react';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import styles from './form.module.css';

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }

  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section className={styles.form} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className={styles.stepTitle}>
        Save your recovery codes
      </h2>
      <p>If you lose your authenticator app, each of these codes signs you in once. They are shown only now.</p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <LiveAlert tone="success" message={copied ? 'Recovery codes copied.' : undefined} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
      </div>
      <Button block onClick={onSaved}>
        I have saved them
      </Button>
    </section>
  );
}
