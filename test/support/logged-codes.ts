// Password-reset codes read from the started app's log, where PASSWORD_RESET_LOG_OTP=1 prints them.
import type { RunningApp } from './app-process';

/** The code of the reset last requested for `email`; waits up to 5 s for it to be mailed. */
export async function loggedCode(app: RunningApp, email: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const line = app.output.filter((l) => l.includes('"otp"') && l.includes(email)).at(-1);
    if (line) return (JSON.parse(line) as { otp: string }).otp;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code logged for ${email}`);
}

/**
 * The next code logged for `email` after `before` lines of output (the OTP rule's line names the address the mail went
 * to).
 */
export async function nextLoggedCode(app: RunningApp, email: string, before: number): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const line = app.output.slice(before).find((l) => l.includes('"otp"') && l.includes(email));
    if (line) return (JSON.parse(line) as { otp: string }).otp;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new code logged for ${email}`);
}
