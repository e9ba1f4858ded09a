'use client';
// What follows a password that was proved or just chosen, for an account with a second factor or
// one whose type requires it: the second step, or enrolling one. Null when a session was started.
import type { Role } from '@/contract/auth-schemas';
import type { MfaChallenge, MfaEnrollmentChallenge } from '@/contract/factor-schemas';
import { EnrolmentStep } from './enrolment-step';
import { SecondFactorStep } from './second-factor-step';

export function AfterPasswordStep({
  role,
  answer,
  onSignedIn,
  onStartOver,
}: {
  role: Role;
  answer: MfaChallenge | MfaEnrollmentChallenge | undefined;
  onSignedIn(): void;
  onStartOver(): void;
}) {
  if (!answer) return null;
  if ('mfa_required' in answer)
    return <SecondFactorStep role={role} challenge={answer} onSignedIn={onSignedIn} onStartOver={onStartOver} />;
  return <EnrolmentStep role={role} mfaToken={answer.mfa_token} onDone={onSignedIn} onStartOver={onStartOver} />;
}
