// A PIN typed at a paired terminal, checked under the PIN limits, keyed by account and by terminal
// (never by address: a shop's tills share one): PIN sign-in and a manager's approval both use it.
import type { AuditEventName } from '../../contract/audit-events';
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo } from '../ports';
import { fixedWindow, type CounterStore } from '../rate-limits';
import type { PairedDevice } from '../terminal-ports';
import type { ServiceDeps } from './deps';
import { anonymousCause, auditEntry, createAuditRecorder } from './audit';
import { createEqualCostVerify } from './equal-cost-verify';

type Deps = Pick<ServiceDeps, 'config' | 'accounts' | 'terminals' | 'hasher' | 'clock' | 'logger' | 'audit' | 'newId'>;

/** Whose PIN may be tried: the accounts that may work at the terminal's store, or any of its business's. */
export type PinScope = 'store' | 'business';

export interface PinAttempt {
  account_id: string;
  pin: string;
  /** The event a refusal records (a refused sign-in, a refused approval). */
  failureEvent: AuditEventName;
}

export function createPinCheck(deps: Deps, counters: CounterStore) {
  const { config, accounts, terminals, clock, logger } = deps;
  const limits = config.terminals;
  const record = createAuditRecorder(deps);
  const verifyOrDummy = createEqualCostVerify(deps);

  /** The terminal's failure window; the credential's issue time is in the key, so pairing again starts afresh. */
  function terminalWindow({ terminal, pairedAt }: PairedDevice) {
    const { start, end, retryAfter } = fixedWindow(clock, limits.pinTerminalWindow);
    return { key: `pin:terminal:${terminal.id}:${pairedAt.getTime()}:${start}`, end, retryAfter };
  }

  /**
   * The account whose PIN `attempt` holds, and whether it may work at the terminal's store; every
   * wrong case is the same invalid_credentials, counted toward both limits (429 past the terminal's).
   */
  async function checkPin(
    device: PairedDevice,
    attempt: PinAttempt,
    scope: PinScope,
    client: ClientInfo,
  ): Promise<{ account: AccountRecord; atStore: boolean }> {
    const window = terminalWindow(device);
    // Each attempt takes its place in the counts before the comparison, and a right PIN gives it
    // back: parallel guesses, on any instance, cannot get more tries than the limits allow.
    const onTerminal = await counters.add(window.key, 1, window.end);
    if (onTerminal > limits.pinFailuresPerTerminal) {
      await counters.add(window.key, -1, window.end);
      throw new AuthError('rate_limited', 'Too many wrong PINs on this terminal; sign in with a password or wait.', {
        retryAfter: window.retryAfter,
      });
    }
    // Every case does the same reads and one bcrypt comparison, so no answer is faster than another.
    const [eligible, pin, account] = await Promise.all([
      terminals.staffAt(device.terminal),
      terminals.findPin(attempt.account_id),
      accounts.findById('vendor', attempt.account_id),
    ]);
    const atStore = eligible.some((s) => s.accountId === attempt.account_id);
    const inBusiness = !!account && !account.disabled && account.vendor?.id === device.terminal.vendorId;
    const guessed = (scope === 'store' ? atStore : inBusiness) && pin ? attempt.account_id : undefined;
    const [inARow, valid] = await Promise.all([
      guessed ? terminals.recordPinFailure(guessed) : Promise.resolve(0),
      verifyOrDummy(attempt.pin, guessed ? pin?.pinHash : undefined),
    ]);
    if (!account || !guessed || !valid || inARow > limits.pinFailuresPerAccount) {
      await recordFailure(device, { onTerminal, inARow }, guessed && !valid ? guessed : undefined, attempt, client);
      throw new AuthError('invalid_credentials', 'The PIN is wrong, or this person cannot use a PIN here.');
    }
    await Promise.all([terminals.resetPinFailures(account.id), counters.add(window.key, -1, window.end)]);
    return { account, atStore };
  }

  /** A refusal, counted already: its log line, its audit event, and the lock events when a count reaches its limit. */
  async function recordFailure(
    device: PairedDevice,
    counts: { onTerminal: number; inARow: number },
    accountId: string | undefined,
    attempt: PinAttempt,
    client: ClientInfo,
  ) {
    const terminalId = device.terminal.id;
    const event = attempt.failureEvent;
    logger.info({ event, terminalId, ...(accountId ? { accountId } : {}) }, 'PIN refused');
    // Stored in the business's trail, so its owner sees every refusal and lock (GET /vendor/audit-events).
    const subject = { role: 'vendor' as const, accountId: accountId ?? null, vendorId: device.terminal.vendorId };
    const details = { terminal_id: terminalId, ...(event === 'pin_sign_in_failed' ? {} : { reason: 'wrong_pin' }) };
    await record(auditEntry(event, subject, anonymousCause(client), details));
    if (accountId && counts.inARow === limits.pinFailuresPerAccount) {
      logger.warn({ event: 'account_pin_locked', accountId, terminalId }, 'account PIN-locked');
      await record(auditEntry('account_pin_locked', subject, anonymousCause(client), { terminal_id: terminalId }));
    }
    if (counts.onTerminal === limits.pinFailuresPerTerminal) {
      logger.warn({ event: 'terminal_pin_locked', terminalId }, 'terminal PIN-locked');
      const terminalSubject = { ...subject, accountId: null };
      await record(
        auditEntry('terminal_pin_locked', terminalSubject, anonymousCause(client), { terminal_id: terminalId }),
      );
    }
  }

  return checkPin;
}

export type PinCheck = ReturnType<typeof createPinCheck>;
