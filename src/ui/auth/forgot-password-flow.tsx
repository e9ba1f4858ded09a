'use client';
// The three steps of the password reset, in memory: the reset token never leaves this component.
// Each step moves focus to its heading so screen-reader users hear where they are.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { Role } from '@/contract/auth-schemas';
import styles from './form.module.css';
import { NewPasswordStep } from './new-password-step';
import { RequestCodeStep, type ResetIdentity } from './request-code-step';
import { loginPath } from './role-text';
import { VerifyCodeStep } from './verify-code-step';

type Step = { name: 'request' } | { name: 'verify'; message: string } | { name: 'reset'; resetToken: string };

const TITLES = { request: 'Find your account', verify: 'Enter the code', reset: 'Choose a new password' };
const NUMBERS = { request: 1, verify: 2, reset: 3 };

export function ForgotPasswordFlow({ role }: { role: Role }) {
  const router = useRouter();
  const [step, setStep] = useState<Step>({ name: 'request' });
  const [identity, setIdentity] = useState<ResetIdentity>({ email: '', type: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus(); // not on first render: the page just opened
    moved.current = true;
  }, [step.name]);

  const startOver = () => setStep({ name: 'request' });

  return (
    <div className={styles.form}>
      <div>
        <p className={styles.step}>Step {NUMBERS[step.name]} of 3</p>
        <h2 className={styles.stepTitle} ref={heading} tabIndex={-1}>
          {TITLES[step.name]}
        </h2>
      </div>
      {step.name === 'request' ? (
        <RequestCodeStep
          role={role}
          initial={identity}
          onSent={(sent, message) => {
            setIdentity(sent);
            setStep({ name: 'verify', message });
          }}
        />
      ) : null}
      {step.name === 'verify' ? (
        <VerifyCodeStep
          role={role}
          identity={identity}
          sentMessage={step.message}
          onVerified={(resetToken) => setStep({ name: 'reset', resetToken })}
          onStartOver={startOver}
        />
      ) : null}
      {step.name === 'reset' ? (
        <NewPasswordStep
          role={role}
          resetToken={step.resetToken}
          onDone={() => router.push(loginPath(role, 'reset'))}
          onStartOver={startOver}
        />
      ) : null}
      <p className={styles.small}>
        <Link href={loginPath(role)}>Back to sign in</Link>
      </p>
    </div>
  );
}
