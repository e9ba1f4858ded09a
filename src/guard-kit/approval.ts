// A manager's approval at the till, as the POS service checks it: the token verified locally (the
// same keys as access tokens), its action and reference matched, then spent once at the auth
// service, so a second instance of the service presenting it too is refused.
import type { JWTPayload } from 'jose';
import { GuardError } from './guard-error';

/** What a manager approved at a terminal. */
export interface Approval {
  /** The approval's id (the token's `jti`), spent once. */
  id: string;
  action: string;
  /** The POS's own id of the sale or line. */
  reference: string;
  amount?: string;
  /** The PIN session's account that asked, and the manager who approved with their PIN. */
  requesterId: string;
  approverId: string;
  terminalId: string;
  storeId: string;
  vendorId: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** What the approval must be for. */
export interface ApprovalExpectation {
  action: string;
  reference: string;
}

/** The answer of the auth service to a spend: spent now, or spent (or void) before. */
export type SpendOutcome = 'spent' | 'refused';

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The approval an approval token's claims name; invalid_approval for anything else. */
export function approvalOf(payload: JWTPayload): Approval {
  const [id, action, reference, requesterId, terminalId, storeId, vendorId] = [
    payload.jti,
    payload.action,
    payload.reference,
    payload.requester,
    payload.terminal_id,
    payload.store_id,
    payload.vendor_id,
  ].map(text);
  if (payload.purpose !== 'approval' || !payload.sub || !id || !action || !reference || !requesterId)
    throw new GuardError('invalid_approval', 'This is not an approval token.');
  if (!terminalId || !storeId || !vendorId) throw new GuardError('invalid_approval', 'This is not an approval token.');
  return {
    id,
    action,
    reference,
    ...(text(payload.amount) ? { amount: text(payload.amount) } : {}),
    requesterId,
    approverId: payload.sub,
    terminalId,
    storeId,
    vendorId,
    expiresAt: payload.exp ?? 0,
  };
}

export function createApprovalCheck(
  verify: (token: string) => Promise<JWTPayload>,
  spend: (token: string) => Promise<SpendOutcome>,
) {
  /**
   * The approval `token` carries, spent now: a GuardError 403 invalid_approval when it is no valid
   * approval, is for another action or reference, or was spent already; 503 unavailable when the
   * auth service cannot be reached to spend it (an approval is never accepted unspent).
   */
  return async function verifyApproval(token: string, expected: ApprovalExpectation): Promise<Approval> {
    let approval: Approval;
    try {
      approval = approvalOf(await verify(token));
    } catch (error) {
      if (error instanceof GuardError && error.code === 'invalid_approval') throw error;
      const expired = error instanceof GuardError && error.code === 'token_expired';
      throw new GuardError('invalid_approval', expired ? 'The approval has expired.' : 'The approval is not valid.');
    }
    if (approval.action !== expected.action || approval.reference !== expected.reference)
      throw new GuardError('invalid_approval', `The approval is not for ${expected.action} of ${expected.reference}.`);
    let outcome: SpendOutcome;
    try {
      outcome = await spend(token);
    } catch {
      throw new GuardError('unavailable', 'The auth service cannot be reached to spend this approval.');
    }
    if (outcome !== 'spent') throw new GuardError('invalid_approval', 'The approval was used already.');
    return approval;
  };
}
