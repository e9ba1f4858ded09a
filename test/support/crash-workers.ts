// Clients that keep an app busy until it is killed, recording what the server confirmed (answered)
// and what was in flight when it died, for the crash-recovery test.
import type { RunningApp } from './app-process';
import { post } from './http';
import type { SmtpSink } from './smtp-sink';

export interface Burst {
  app: RunningApp;
  smtp: SmtpSink;
  /** Set just before the kill: from then on a failed request counts as unanswered, not as an error. */
  killed: boolean;
  unanswered: number;
  errors: string[];
  /** Called as each step 3 goes out, so a test can kill the server while one is in flight. */
  onStep3Sent?: () => void;
}

export interface Account {
  role: 'admin' | 'vendor';
  email: string;
  type: string;
}

/** Sends a request; resolves undefined when the connection died with the server. */
async function call(burst: Burst, path: string, body: unknown, expected: number) {
  try {
    const answer = await post(burst.app.url, path, body);
    if (answer.status !== expected) burst.errors.push(`${path}: ${answer.status} ${answer.text.slice(0, 120)}`);
    return answer.status === expected ? answer : undefined;
  } catch (error) {
    if (burst.killed) burst.unanswered += 1;
    else burst.errors.push(`${path}: ${(error as Error).message}`);
    return undefined;
  }
}

export interface ResetWorker {
  account: Account;
  /** The password of the last step 3 answered 200 (initially the seeded one). */
  confirmed: string;
  previous: string[];
  /** A step 3 sent and not answered: its password and reset token. */
  pending?: { password: string; resetToken: string };
  /** A session opened with `confirmed` after the last confirmed reset. */
  session?: { access_token: string; refresh_token: string };
  completed: number;
}

/** Resets the account's password again and again: step 1, the mailed code, step 2, step 3, login. */
export async function runResets(burst: Burst, w: ResetWorker): Promise<void> {
  const base = `/api/v1/auth/${w.account.role}/password-reset`;
  const identity = { email: w.account.email, [`${w.account.role}_type`]: w.account.type };
  while (!burst.killed) {
    const since = burst.smtp.messages.length;
    if (!(await call(burst, base, identity, 200))) return;
    let mail;
    // The mail with the code: a "password changed" notice of the previous round may arrive meanwhile.
    const codeMail = () =>
      burst.smtp.messages.slice(since).find((m) => m.to.includes(w.account.email) && m.code !== null);
    while (!burst.killed && !(mail = codeMail())) await new Promise((r) => setTimeout(r, 5));
    if (!mail?.code) return;
    const verified = await call(burst, `${base}/verify`, { ...identity, code: mail.code }, 200);
    if (!verified) return;
    const password = `crash-${w.account.role}-${w.completed + 1}-Vb9!${w.account.email.length}`;
    w.pending = { password, resetToken: verified.body.reset_token };
    const completed = call(burst, `${base}/complete`, { reset_token: w.pending.resetToken, password }, 200);
    burst.onStep3Sent?.();
    if (!(await completed)) return;
    w.previous.push(w.confirmed);
    w.confirmed = password;
    w.pending = undefined;
    w.session = undefined;
    w.completed += 1;
    const signedIn = await call(
      burst,
      `/api/v1/auth/${w.account.role}/login`,
      { email: w.account.email, password },
      200,
    );
    if (!signedIn) return;
    w.session = signedIn.body;
  }
}

export interface SessionWorker {
  account: Account;
  password: string;
  /** Per login, the newest pair the server answered with; a refresh of its token may be in flight. */
  chains: { access_token: string; refresh_token: string }[];
  refreshes: number;
}

/** Signs in, rotates the refresh token a few times, signs in again, and so on. */
export async function runSessions(burst: Burst, w: SessionWorker): Promise<void> {
  const path = `/api/v1/auth/${w.account.role}`;
  while (!burst.killed) {
    const signedIn = await call(burst, `${path}/login`, { email: w.account.email, password: w.password }, 200);
    if (!signedIn) return;
    const chain = { access_token: signedIn.body.access_token, refresh_token: signedIn.body.refresh_token };
    w.chains.push(chain);
    for (let i = 0; i < 5; i++) {
      const next = await call(burst, `${path}/refresh`, { refresh_token: chain.refresh_token }, 200);
      if (!next) return;
      Object.assign(chain, { access_token: next.body.access_token, refresh_token: next.body.refresh_token });
      w.refreshes += 1;
    }
  }
}

/** Failed logins and step-1 requests for nobody: counter upserts in flight at the kill. */
export async function runNoise(burst: Burst, role: 'admin' | 'vendor'): Promise<void> {
  for (let i = 0; !burst.killed; i++) {
    const email = `nobody-${i % 7}@example.com`;
    const path = i % 2 ? `/api/v1/auth/${role}/login` : `/api/v1/auth/${role}/password-reset`;
    const body =
      i % 2
        ? { email, password: 'not-the-password' }
        : { email, [`${role}_type`]: role === 'admin' ? 'admin' : 'owner' };
    if (!(await call(burst, path, body, i % 2 ? 401 : 200))) return;
  }
}
