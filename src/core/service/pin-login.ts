// Switching user at a paired terminal: the staff list, and PIN sign-in with its limits, keyed by
// account and by terminal (never by address: a shop's tills share one).
import { AuthError } from '../auth-error';
import type { ClientInfo } from '../ports';
import { fixedWindow, type CounterStore } from '../rate-limits';
import type { PairedDevice } from '../terminal-ports';
import { pinLoginRequest } from '../../contract/terminal-schemas';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import { createEqualCostVerify } from './equal-cost-verify';
import { vendorProfileOf } from './profiles';
import type { createSessions } from './sessions';
import { pairedTerminalView } from './terminal-pairing';
import type { TokenPair, VendorProfile } from '../../contract/auth-schemas';

type Deps = Pick<ServiceDeps, 'config' | 'accounts' | 'terminals' | 'hasher' | 'clock' | 'logger' | 'newId' | 'audit'>;
type StartSession = ReturnType<typeof createSessions>['startSession'];

export function createPinLogin(deps: Deps, counters: CounterStore, startSession: StartSession) {
  const { config, accounts, terminals, clock, logger } = deps;
  const limits = config.terminals;
  const record = createAuditRecorder(deps);
  const verifyOrDummy = createEqualCostVerify(deps);

  /** The terminal's failure window; the credential's issue time is in the key, so pairing again starts afresh. */
  function terminalWindow({ terminal, pairedAt }: PairedDevice) {
    const { start, end, retryAfter } = fixedWindow(clock, limits.pinTerminalWindow);
    return { key: `pin:terminal:${terminal.id}:${pairedAt.getTime()}:${start}`, end, retryAfter };
  }

  async function staff(device: PairedDevice) {
    const list = await terminals.staffAt(device.terminal);
    return {
      terminal: pairedTerminalView(device.terminal),
      staff: list.map((s) => ({ account_id: s.accountId, name: s.name })),
    };
  }

  async function pinLogin(
    device: PairedDevice,
    body: unknown,
    client: ClientInfo,
  ): Promise<TokenPair & { vendor: VendorProfile }> {
    const input = parseInput(pinLoginRequest, body);
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
      terminals.findPin(input.account_id),
      accounts.findById('vendor', input.account_id),
    ]);
    const guessed = eligible.some((s) => s.accountId === input.account_id) && pin ? input.account_id : undefined;
    const [inARow, valid] = await Promise.all([
      guessed ? terminals.recordPinFailure(guessed) : Promise.resolve(0),
      verifyOrDummy(input.pin, guessed ? pin?.pinHash : undefined),
    ]);
    if (!account || !guessed || !valid || inARow > limits.pinFailuresPerAccount) {
      await recordFailure(device, { onTerminal, inARow }, guessed && !valid ? guessed : undefined, client);
      throw new AuthError('invalid_credentials', 'The PIN is wrong, or this person cannot sign in here with a PIN.');
    }
    await Promise.all([terminals.resetPinFailures(account.id), counters.add(window.key, -1, window.end)]);
    const pair = await startSession(account, client, 'pin_login', { terminalId: device.terminal.id });
    logger.info({ event: 'pin_login', accountId: account.id, terminalId: device.terminal.id }, 'PIN sign-in');
    await record(
      auditEntry('pin_sign_in_succeeded', subjectOf(account), selfCause(account, client), {
        terminal_id: device.terminal.id,
      }),
    );
    return { ...pair, vendor: vendorProfileOf(account) };
  }

  /** A refusal, counted already: its log line, its audit event, and the lock events when a count reaches its limit. */
  async function recordFailure(
    device: PairedDevice,
    counts: { onTerminal: number; inARow: number },
    accountId: string | undefined,
    client: ClientInfo,
  ) {
    const terminalId = device.terminal.id;
    logger.info({ event: 'pin_login_failed', terminalId, ...(accountId ? { accountId } : {}) }, 'PIN sign-in refused');
    // Stored in the business's trail, so its owner sees every refusal and lock (GET /vendor/audit-events).
    const subject = { role: 'vendor' as const, accountId: accountId ?? null, vendorId: device.terminal.vendorId };
    const details = { terminal_id: terminalId };
    await record(auditEntry('pin_sign_in_failed', subject, anonymousCause(client), details));
    if (accountId && counts.inARow === limits.pinFailuresPerAccount) {
      logger.warn({ event: 'account_pin_locked', accountId, terminalId }, 'account PIN-locked');
      await record(auditEntry('account_pin_locked', subject, anonymousCause(client), details));
    }
    if (counts.onTerminal === limits.pinFailuresPerTerminal) {
      logger.warn({ event: 'terminal_pin_locked', terminalId }, 'terminal PIN-locked');
      await record(auditEntry('terminal_pin_locked', { ...subject, accountId: null }, anonymousCause(client), details));
    }
  }

  return { staff, pinLogin };
}
