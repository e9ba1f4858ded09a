// The revocation row: how long after a disable made elsewhere (another instance, the operator CLI)
// the measured instance first refuses the account's access token, and whether the instance that
// made the change refuses it on its very next request.
import { get, post } from '../../test/support/http';
import { runCli } from '../../test/support/operator-cli';
import type { RunningApp } from '../../test/support/app-process';
import type { BenchTarget } from './setup';

export interface RevocationRow {
  label: string;
  /** Milliseconds from the change reported to its maker to the first 401 on the measured instance. */
  trials: number[];
  median: number;
  max: number;
  /** Requests that answered neither 200 nor 401, and trials never refused within the give-up time. */
  errors: number;
}

export interface RevocationResult {
  rows: RevocationRow[];
  /** Trials where the instance that disabled the account refused its token on the very next request. */
  nextRequestRefused: number;
  nextRequestTrials: number;
}

const AUTH = '/api/v1/auth/vendor';
const GIVE_UP_MS = 10_000;
/** How long a disable may take to be made at all (the CLI's start included). */
const START_GIVE_UP_MS = 120_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function rowOf(label: string, trials: number[], errors: number): RevocationRow {
  return { label, trials, median: median(trials), max: trials.length ? Math.max(...trials) : NaN, errors };
}

export async function measureRevocation(
  target: BenchTarget,
  trials: number,
  progress: (message: string) => void,
): Promise<RevocationResult> {
  const [measured, other] = [target.app, target.second];
  let errors = 0;
  const ownerToken = async (app: RunningApp) =>
    (
      await post<{ access_token: string }>(app.url, `${AUTH}/login`, {
        email: target.owner.email,
        password: target.owner.password,
      })
    ).body.access_token;
  const accountPath = `/api/v1/vendor/accounts/${target.employeeId}`;
  const owner = { measured: await ownerToken(measured), other: await ownerToken(other) };

  /** A fresh sign-in of the account, already answered (and so cached) by the measured instance. */
  async function warmToken(): Promise<string> {
    const signedIn = await post<{ access_token: string }>(measured.url, `${AUTH}/login`, {
      email: target.email,
      password: target.password,
    });
    if (signedIn.status !== 200) throw new Error(`revocation: login answered ${signedIn.status}`);
    const token = signedIn.body.access_token;
    for (let i = 0; i < 3; i++) if ((await get(measured.url, `${AUTH}/me`, token)).status !== 200) errors++;
    return token;
  }

  /**
   * Runs `disable` (which answers when its change was reported to its maker, or undefined when it
   * failed) while polling `me` every few milliseconds; the time from that report to the first 401.
   */
  async function msUntilRefused(
    token: string,
    disable: () => Promise<number | undefined>,
  ): Promise<number | undefined> {
    // The wait is counted from the maker's report: the CLI alone takes seconds to start on a busy machine.
    const change = { settled: false, at: undefined as number | undefined };
    const disabling = disable().then((at) => Object.assign(change, { settled: true, at }).at);
    const started = performance.now();
    const poll = (async () => {
      for (;;) {
        const status = (await get(measured.url, `${AUTH}/me`, token)).status;
        if (status === 401) return performance.now();
        if (status !== 200) errors++;
        const now = performance.now();
        if (change.settled && (change.at === undefined || now - change.at > GIVE_UP_MS)) return undefined;
        if (now - started > START_GIVE_UP_MS) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const [reportedAt, refusedAt] = await Promise.all([disabling, poll]);
    if (reportedAt === undefined || refusedAt === undefined) return undefined;
    // Refused before the maker heard back: the change had committed; that counts as no delay.
    return Math.max(0, refusedAt - reportedAt);
  }

  const enable = async () => {
    if (
      (await post(other.url, `${accountPath}/enable`, undefined, { authorization: `Bearer ${owner.other}` })).status !==
      200
    )
      errors++;
  };

  const rows: RevocationRow[] = [];
  for (const [label, disable] of [
    [
      'disable on another instance',
      async () =>
        (await post(other.url, `${accountPath}/disable`, undefined, { authorization: `Bearer ${owner.other}` }))
          .status === 200
          ? performance.now()
          : undefined,
    ],
    [
      'disable by the operator CLI',
      async () => {
        const answer = await runCli(target.db, ['account:disable', '--role', 'vendor', '--email', target.email]);
        return answer.code === 0 ? answer.answeredAt : undefined;
      },
    ],
  ] as const) {
    const times: number[] = [];
    const errorsBefore = errors;
    for (let i = 0; i < trials; i++) {
      const token = await warmToken();
      const elapsed = await msUntilRefused(token, disable);
      if (elapsed === undefined) errors++;
      else times.push(elapsed);
      await enable();
    }
    rows.push(rowOf(label, times, errors - errorsBefore));
    progress(`revocation: ${label} done`);
  }

  let nextRequestRefused = 0;
  for (let i = 0; i < trials; i++) {
    const token = await warmToken();
    if (
      (await post(measured.url, `${accountPath}/disable`, undefined, { authorization: `Bearer ${owner.measured}` }))
        .status !== 200
    )
      errors++;
    if ((await get(measured.url, `${AUTH}/me`, token)).status === 401) nextRequestRefused++;
    await enable();
  }
  return { rows, nextRequestRefused, nextRequestTrials: trials };
}
