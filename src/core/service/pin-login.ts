// Switching user at a paired terminal: the staff list, and PIN sign-in under the PIN limits.
import type { ClientInfo } from '../ports';
import type { PairedDevice } from '../terminal-ports';
import { pinLoginRequest } from '../../contract/terminal-schemas';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import type { PinCheck } from './pin-check';
import { vendorProfileOf } from './profiles';
import type { createSessions } from './sessions';
import { pairedTerminalView } from './terminal-pairing';
import type { TokenPair, VendorProfile } from '../../contract/auth-schemas';

type Deps = Pick<ServiceDeps, 'terminals' | 'clock' | 'logger' | 'audit'>;
type StartSession = ReturnType<typeof createSessions>['startSession'];

export function createPinLogin(deps: Deps, checkPin: PinCheck, startSession: StartSession) {
  const { terminals, logger } = deps;
  const record = createAuditRecorder(deps);

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
    const { account } = await checkPin(device, { ...input, failureEvent: 'pin_sign_in_failed' }, 'store', client);
    const pair = await startSession(account, client, 'pin_login', { terminalId: device.terminal.id });
    logger.info({ event: 'pin_login', accountId: account.id, terminalId: device.terminal.id }, 'PIN sign-in');
    await record(
      auditEntry('pin_sign_in_succeeded', subjectOf(account), selfCause(account, client), {
        terminal_id: device.terminal.id,
      }),
    );
    return { ...pair, vendor: vendorProfileOf(account) };
  }

  return { staff, pinLogin };
}
