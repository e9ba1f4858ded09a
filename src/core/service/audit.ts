// Building audit entries: who an event is about, who caused it and from where, with details that
// can never carry a secret. Every path that causes an event (REST, tRPC, operator CLI) builds it here.
import type { AuditEventName } from '../../contract/audit-events';
import type { Role } from '../../contract/auth-schemas';
import type { AuditActor, AuditEntry } from '../audit-ports';
import type { AccountRecord, ClientInfo } from '../ports';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';

/** Keys whose values could be credentials; dropped from every details object, however deep. */
const SECRET_KEY = /password|secret|token|otp|hash|^code$/i;

function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, scrubbed(inner)]),
  );
}

/** The account an event is about. */
export interface AuditSubject {
  role: Role;
  accountId: string | null;
  vendorId?: string | null;
}

/** Who caused an event and where the request came from. */
export interface AuditCause {
  actor: AuditActor | null;
  client: ClientInfo;
  /** The operator CLI: no caller, marked in details. */
  operator?: boolean;
}

export const subjectOf = (account: Pick<AccountRecord, 'role' | 'id' | 'vendor'>): AuditSubject => ({
  role: account.role,
  accountId: account.id,
  vendorId: account.vendor?.id ?? null,
});

/** The signed-in caller of a guarded operation. */
export const causeOf = ({ account, client }: Principal): AuditCause => ({
  actor: { role: account.role, accountId: account.id },
  client,
});

/** The account acting on itself with its own credentials (sign-in, logout). */
export const selfCause = (account: Pick<AccountRecord, 'role' | 'id'>, client: ClientInfo): AuditCause => ({
  actor: { role: account.role, accountId: account.id },
  client,
});

/** An anonymous or refused attempt: nobody is known to have caused it. */
export const anonymousCause = (client: ClientInfo): AuditCause => ({ actor: null, client });

export const OPERATOR_CAUSE: AuditCause = { actor: null, client: {}, operator: true };

export function auditEntry(
  event: AuditEventName,
  subject: AuditSubject,
  cause: AuditCause,
  details: Record<string, unknown> = {},
): AuditEntry {
  return {
    event,
    role: subject.role,
    accountId: subject.accountId,
    vendorId: subject.vendorId ?? null,
    actor: cause.actor,
    client: cause.client,
    details: scrubbed({ ...details, ...(cause.operator ? { operator: true } : {}) }) as Record<string, unknown>,
  };
}

/**
 * Writes an event that goes with no change of its own, right after what it records. A failing
 * write is logged, not thrown: the caller's answer (a refused sign-in, say) must not change.
 */
export function createAuditRecorder({ audit, clock, logger }: Pick<ServiceDeps, 'audit' | 'clock' | 'logger'>) {
  return async (entry: AuditEntry) => {
    try {
      await audit.record(entry, clock.now());
    } catch (error) {
      logger.error(
        {
          event: 'audit_write_failed',
          auditEvent: entry.event,
          err: error instanceof Error ? error.message : String(error),
        },
        'audit event not stored',
      );
    }
  };
}

export type AuditRecorder = ReturnType<typeof createAuditRecorder>;

interface Grants {
  name?: string;
  type?: string;
  modules: readonly string[];
  modulePermissions: Readonly<Record<string, readonly string[] | undefined>>;
  storeIds?: readonly string[];
}
const FIELD_NAMES: Record<keyof Grants, string> = {
  name: 'name',
  type: 'type',
  modules: 'modules',
  modulePermissions: 'module_permissions',
  storeIds: 'store_ids',
};

/**
 * An account change's details: the names of the fields `after` sets to a new value, and the modules
 * (and permissions, for employees) before and after.
 */
export function changeDetails(before: Grants, after: Grants): Record<string, unknown> {
  const changed = (Object.keys(FIELD_NAMES) as Array<keyof Grants>).filter(
    (key) => after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    changed: changed.map((key) => FIELD_NAMES[key]),
    modules_before: before.modules,
    modules_after: after.modules,
    // Admins hold no permissions: their details stay free of two empty objects.
    ...(Object.keys(before.modulePermissions).length + Object.keys(after.modulePermissions).length > 0
      ? { module_permissions_before: before.modulePermissions, module_permissions_after: after.modulePermissions }
      : {}),
  };
}
