// Pairing a device with a POS terminal: one-time codes for owners and admins, the device's
// credential in exchange, unpairing, and recognising a paired device by its credential.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AuthError } from '../auth-error';
import type { TerminalInfo } from '../terminal-ports';
import {
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  pairRequest,
  type PairedTerminal,
} from '../../contract/terminal-schemas';
import { parseInput } from '../validation';
import type { VendorScope } from './administration-rules';
import { anonymousCause, auditEntry, causeOf, OPERATOR_CAUSE, type AuditCause } from './audit';
import type { ServiceDeps } from './deps';
import { allowed, auditOf } from './operation-access';
import type { Principal } from './principal';

/** SHA-256: codes and credentials are random and single-purpose, so a fast hash loses nothing to guessing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** 8 characters, each uniformly from the alphabet (randomInt rejects the modulo bias). */
const newPairingCode = () =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

export const pairedTerminalView = (t: TerminalInfo): PairedTerminal => ({
  id: t.id,
  name: t.name,
  store_id: t.storeId,
  vendor_id: t.vendorId,
});

type Deps = Pick<ServiceDeps, 'accounts' | 'terminals' | 'clock' | 'config' | 'logger' | 'audit'>;

export function createTerminalPairing(deps: Deps, scope: VendorScope) {
  const { accounts, terminals, clock, config, logger } = deps;
  const audit = auditOf(logger);

  /** The terminal, if it is in the caller's business (and, for an employee, at one of its stores); else 404. */
  async function terminalFor(principal: Principal, vendorId: string | undefined, terminalId: string, storeId?: string) {
    const vid = await scope.businessOf(principal, vendorId);
    const terminal = await terminals.findTerminal(terminalId);
    const notFound = new AuthError('not_found', 'No such terminal in this business.');
    if (!terminal || terminal.vendorId !== vid || (storeId !== undefined && terminal.storeId !== storeId))
      throw notFound;
    const { account } = principal;
    if (account.role === 'vendor' && account.type === 'employee') {
      const { stores } = await accounts.storesFor(account);
      if (!stores.some((s) => s.id === terminal.storeId)) throw notFound;
    }
    return terminal;
  }

  async function issueCode(terminal: TerminalInfo) {
    const code = newPairingCode();
    const ttl = config.terminals.pairingCodeTtl;
    await terminals.createPairingCode({
      codeHash: sha256(code),
      terminalId: terminal.id,
      expiresAt: new Date(clock.now().getTime() + ttl * 1000),
    });
    return { code, expires_in: ttl };
  }

  /** Terminal events belong to the business: its owner reads them in GET /vendor/audit-events. */
  const terminalSubject = (terminal: TerminalInfo) => ({
    role: 'vendor' as const,
    accountId: null,
    vendorId: terminal.vendorId,
  });

  async function unpair(terminal: TerminalInfo, cause: AuditCause) {
    const event = (wasPaired: boolean) =>
      auditEntry('terminal_pairing_revoked', terminalSubject(terminal), cause, {
        terminal_id: terminal.id,
        was_paired: wasPaired,
      });
    const wasPaired = await terminals.revokeCredential(terminal.id, clock.now(), event);
    logger.info({ event: 'terminal_unpaired', terminalId: terminal.id, wasPaired }, 'terminal pairing revoked');
    return wasPaired;
  }

  async function createPairingCode(
    principal: Principal,
    vendorId: string | undefined,
    storeId: string,
    terminalId: string,
  ) {
    allowed(principal, 'createPairingCode');
    const terminal = await terminalFor(principal, vendorId, terminalId, storeId);
    audit(principal, 'createPairingCode', { vendorId: terminal.vendorId, targetId: terminal.id });
    return issueCode(terminal);
  }

  async function revokePairing(principal: Principal, vendorId: string | undefined, terminalId: string): Promise<void> {
    allowed(principal, 'revokePairing');
    const terminal = await terminalFor(principal, vendorId, terminalId);
    audit(principal, 'revokePairing', { vendorId: terminal.vendorId, targetId: terminal.id });
    await unpair(terminal, causeOf(principal));
  }

  /** The operator CLI's face: no caller, no guard (the operator holds the database). */
  const operatorTerminal = async (terminalId: string) => {
    const terminal = await terminals.findTerminal(terminalId);
    if (!terminal) throw new AuthError('not_found', `No terminal ${terminalId}.`);
    return terminal;
  };
  const operator = {
    pairingCode: async (terminalId: string) => ({
      terminal_id: terminalId,
      ...(await issueCode(await operatorTerminal(terminalId))),
    }),
    unpair: async (terminalId: string) => ({
      terminal_id: terminalId,
      was_paired: await unpair(await operatorTerminal(terminalId), OPERATOR_CAUSE),
    }),
  };

  /** The device's side: a valid unused code for a fresh credential; any other code is the same 401. */
  async function pair(body: unknown) {
    const { code } = parseInput(pairRequest, body);
    const now = clock.now();
    const terminalId = await terminals.spendPairingCode(sha256(code), now);
    const terminal = terminalId ? await terminals.findTerminal(terminalId) : null;
    if (!terminal) throw new AuthError('invalid_code', 'The pairing code is wrong, used or expired.');
    const terminalToken = randomBytes(32).toString('base64url');
    // The device proved only the code: nobody signed in caused it.
    const event = auditEntry('terminal_paired', terminalSubject(terminal), anonymousCause({}), {
      terminal_id: terminal.id,
    });
    await terminals.replaceCredential(terminal.id, sha256(terminalToken), now, event);
    logger.info({ event: 'terminal_paired', terminalId: terminal.id, vendorId: terminal.vendorId }, 'terminal paired');
    return { terminal_token: terminalToken, terminal: pairedTerminalView(terminal) };
  }

  /**
   * The terminal a device's credential pairs it with; 401 invalid_terminal_token for a missing, unknown or revoked one.
   */
  async function authenticateTerminal(terminalToken: string | null | undefined) {
    if (!terminalToken || terminalToken.length > 200)
      throw new AuthError(
        'invalid_terminal_token',
        'This device is not paired with a terminal, or its pairing was revoked.',
      );
    const device = await terminals.findByCredential(sha256(terminalToken));
    if (!device)
      throw new AuthError(
        'invalid_terminal_token',
        'This device is not paired with a terminal, or its pairing was revoked.',
      );
    return device;
  }

  return { createPairingCode, revokePairing, pair, authenticateTerminal, operator };
}

export type TerminalPairing = ReturnType<typeof createTerminalPairing>;
