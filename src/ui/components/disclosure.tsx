'use client';
// A button that shows and hides a record's details (its editor, status and sessions), announced as
// expanded or collapsed; the details are not rendered, so not loaded, until opened.
import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import styles from './list.module.css';

export function Disclosure({
  label,
  subject,
  summary,
  children,
}: {
  label: string;
  subject: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div className={styles.row}>
        {summary}
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close' : label}
          <span className="visually-hidden"> {subject}</span>
        </Button>
      </div>
      {open ? (
        <div id={id} className={styles.details}>
          {children}
        </div>
      ) : null}
    </>
  );
}
