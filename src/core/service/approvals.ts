// Approvals at the till: a PIN session asks for a manager's approval of one action, a manager of
// that store types their PIN on the same terminal, and the POS service spends the token once.
import {
  APPROVAL_REQUEST_TTL,
  APPROVAL_TOKEN_TTL,
  approveRequest,
  askApprovalRequest,
  spendApprovalRequest,
  type SpentApproval,
} from '../../contract/approval-schemas';
import type { ApprovalRepository } from '../approval-ports';
import { AuthError } from '../auth-error';
import { isPinSession, passesModuleGuard } from '../module-access';
import type { ClientInfo } from '../ports';
import type { ApprovalClaims } from '../token-claims';
import { parseInput } from '../validation';
import { auditEntry, causeOf, createAuditRecorder, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import type { PinCheck } from './pin-check';
import type { Principal } from './principal';
import type { ServiceCaller } from './service-clients';

type Deps = Pick<ServiceDeps, 'config' | 'terminals' | 'tokens' | 'clock' | 'logger' | 'audit' | 'newId'> & {
  approvals: ApprovalRepository;
};

const NOT_FOUND = () => new AuthError('not_found', 'No such request waits for approval at this terminal.');
const SPENT = () => new AuthError('conflict', 'This approval was spent already, has expired, or is no approval.');

export function createApprovals(deps: Deps, checkPin: PinCheck, countCall: (caller: ServiceCaller) => Promise<void>) {
  const { config, terminals, tokens, clock, approvals, logger } = deps;
  const record = createAuditRecorder(deps);

  /** The paired device of a PIN session's terminal; only a PIN session at a till asks or approves. */
  async function deviceOf(principal: Principal) {
    const terminalId = principal.terminalId;
    if (!terminalId || !isPinSession(principal.amr))
      throw new AuthError('forbidden', 'Approvals are asked and given at a till, in a PIN session.');
    const [terminal, pairedAt] = await Promise.all([
      terminals.findTerminal(terminalId),
      terminals.pairedAt(terminalId),
    ]);
    if (!terminal || !pairedAt) throw new AuthError('invalid_token');
    return { terminal, pairedAt };
  }

  async function ask(principal: Principal, body: unknown) {
    const input = parseInput(askApprovalRequest, body);
    if (!config.terminals.approvalActions.includes(input.action)) {
      const message = `must be one of ${config.terminals.approvalActions.join(', ')}`;
      throw new AuthError('validation_failed', `The action ${message}.`, { errors: [{ path: 'action', message }] });
    }
    const { terminal } = await deviceOf(principal);
    const now = clock.now();
    const id = deps.newId();
    const request = { action: input.action, reference: input.reference, amount: input.amount ?? null };
    const details = { approval_id: id, terminal_id: terminal.id, store_id: terminal.storeId, ...request };
    await approvals.create(
      {
        id,
        ...request,
        terminalId: terminal.id,
        storeId: terminal.storeId,
        vendorId: terminal.vendorId,
        requesterId: principal.account.id,
        expiresAt: new Date(now.getTime() + APPROVAL_REQUEST_TTL * 1000),
      },
      now,
      auditEntry('approval_requested', subjectOf(principal.account), causeOf(principal), details),
    );
    return { approval_id: id, expires_in: APPROVAL_REQUEST_TTL };
  }

  async function approve(principal: Principal, approvalId: string, body: unknown, client: ClientInfo) {
    const input = parseInput(approveRequest, body);
    const device = await deviceOf(principal);
    const request = await approvals.find(approvalId);
    const now = clock.now();
    if (!request || request.terminalId !== device.terminal.id || request.expiresAt <= now) throw NOT_FOUND();
    if (request.approvedAt) throw new AuthError('conflict', 'This request was approved already.');
    const details = { approval_id: request.id, terminal_id: request.terminalId, action: request.action };
    const refuse = async (reason: string, error: AuthError) => {
      const subject = { role: 'vendor' as const, accountId: input.account_id, vendorId: request.vendorId };
      await record(auditEntry('approval_refused', subject, causeOf(principal), { ...details, reason }));
      return error;
    };
    if (input.account_id === request.requesterId)
      throw await refuse('own_request', new AuthError('forbidden', 'Someone else must approve your own request.'));
    const attempt = { ...input, failureEvent: 'approval_refused' as const };
    const { account, atStore } = await checkPin(device, attempt, 'business', client);
    if (!atStore)
      throw await refuse(
        'other_store',
        new AuthError('forbidden', "Only a manager of this terminal's store approves."),
      );
    const subject = { ...account, role: 'vendor' as const };
    if (!passesModuleGuard(subject, 'pos', 'approve'))
      throw await refuse('no_permission', new AuthError('permission_denied', 'Approving needs pos:approve.'));
    const iat = Math.floor(now.getTime() / 1000);
    const claims: ApprovalClaims = {
      sub: account.id,
      role: 'vendor',
      jti: request.id,
      action: request.action,
      reference: request.reference,
      ...(request.amount === null ? {} : { amount: request.amount }),
      requester: request.requesterId,
      terminal_id: request.terminalId,
      store_id: request.storeId,
      vendor_id: request.vendorId,
      iat,
      exp: iat + APPROVAL_TOKEN_TTL,
    };
    const grantedDetails = {
      ...details,
      store_id: request.storeId,
      reference: request.reference,
      amount: request.amount,
      requester_id: request.requesterId,
    };
    const granted = await approvals.grant(
      request.id,
      account.id,
      new Date(claims.exp * 1000),
      now,
      auditEntry('approval_granted', subjectOf(account), selfCause(account, client), grantedDetails),
    );
    if (!granted) throw NOT_FOUND();
    logger.info(
      { event: 'approval_granted', accountId: account.id, terminalId: request.terminalId },
      'approval granted',
    );
    return { approval_token: await tokens.signApproval(claims), expires_in: APPROVAL_TOKEN_TTL };
  }

  async function spend(caller: ServiceCaller, body: unknown): Promise<SpentApproval> {
    await countCall(caller);
    const { approval_token: token } = parseInput(spendApprovalRequest, body);
    const claims = await tokens.verifyApproval(token).catch(() => {
      throw SPENT();
    });
    const subject = { role: 'vendor' as const, accountId: claims.sub, vendorId: claims.vendor_id };
    const cause = { actor: null, client: {} };
    const details = { approval_id: claims.jti, terminal_id: claims.terminal_id, service_client_id: caller.clientId };
    if (!(await approvals.spend(claims.jti, clock.now(), auditEntry('approval_spent', subject, cause, details))))
      throw SPENT();
    return {
      approval_id: claims.jti,
      action: claims.action,
      reference: claims.reference,
      amount: claims.amount ?? null,
      requester_id: claims.requester,
      approver_id: claims.sub,
      terminal_id: claims.terminal_id,
      store_id: claims.store_id,
      vendor_id: claims.vendor_id,
    };
  }

  return { ask, approve, spend };
}
