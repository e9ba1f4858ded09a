// The audit trail's wire contract: the catalogue of security events, one stored event as the
// routes answer it, and the filters of the event lists. New kinds of event are added to the list.
import { z } from 'zod';
import { pageOf, pageQuery } from './administration-schemas';
import { emailSchema, idSchema, roleSchema } from './auth-schemas';

/** Every event the service records; docs/audit-trail.md says when each happens and what its details hold. */
export const AUDIT_EVENTS = [
  'sign_in_succeeded',
  'sign_in_failed',
  'rate_limited',
  'refresh_token_reused',
  'logout',
  'session_ended',
  'password_reset_requested',
  'password_reset_verified',
  'password_reset_completed',
  'password_changed',
  'email_changed',
  'factor_added',
  'identity_linked',
  'identity_unlinked',
  'factor_removed',
  'factors_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'mfa_failed',
  'account_created',
  'account_changed',
  'account_disabled',
  'account_enabled',
  'account_deleted',
  'guest_converted',
  'invitation_created',
  'invitation_resent',
  'invitation_revoked',
  'terminal_paired',
  'terminal_pairing_revoked',
  'pin_set',
  'pin_cleared',
  'new_device_notice_sent',
  'new_device_disowned',
  'pin_sign_in_succeeded',
  'pin_sign_in_failed',
  'account_pin_locked',
  'terminal_pin_locked',
  'approval_requested',
  'approval_granted',
  'approval_refused',
  'approval_spent',
  'webhook_endpoint_created',
  'webhook_endpoint_changed',
  'webhook_endpoint_deleted',
  'webhook_endpoint_disabled',
  'webhook_secret_rotated',
  'webhook_test_sent',
  'webhook_message_retried',
  'webhook_messages_replayed',
  'service_client_created',
  'service_client_secret_rotated',
  'service_client_deleted',
  'app_created',
  'app_changed',
  'app_secret_rotated',
  'app_deleted',
  'app_authorized',
  'app_denied',
  'app_revoked',
] as const;
export type AuditEventName = (typeof AUDIT_EVENTS)[number];

/** An account's e-mail and name as they are now, for people reading the trail; null once it is deleted. */
const accountLabel = {
  email: z
    .string()
    .nullable()
    .meta({ description: "The account's e-mail now; null when the account no longer exists." }),
  name: z.string().nullable().meta({ description: "The account's name now; null when the account no longer exists." }),
};

export const auditActor = z.object({ role: roleSchema, account_id: z.string(), ...accountLabel });

export const auditEvent = z.object({
  id: z.string(),
  at: z.string().meta({ description: 'When it happened (ISO 8601, UTC).' }),
  event: z.enum(AUDIT_EVENTS),
  role: roleSchema,
  account_id: z.string().nullable().meta({
    description: 'The account the event is about; null when none is known (a sign-in with an unknown e-mail).',
  }),
  account: z
    .object(accountLabel)
    .nullable()
    .meta({ description: 'Who `account_id` is, as the account is now; null when no account is known.' }),
  actor: auditActor.nullable().meta({
    description:
      'The account whose credentials authorised the action (itself for its own sign-in or logout, an administrator for a change); null for refused or anonymous attempts and for the operator CLI (details.operator is then true).',
  }),
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).meta({
    description:
      'What else is known: a reason code, the changed fields, modules before and after. Never a password, token, code or secret.',
  }),
});
export type AuditEventView = z.infer<typeof auditEvent>;

export const auditEventPage = pageOf(auditEvent);

// Up to nanoseconds and an offset (2026-11-23T12:00:00.123456789+05:30): 35 characters. Longer is
// no instant a caller means, only work for the parser.
const INSTANT_MAX_LENGTH = 35;
const instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-11-23T12:00:00Z' })
  .max(INSTANT_MAX_LENGTH, `must be at most ${INSTANT_MAX_LENGTH} characters`);

/** `from` is inclusive, `to` exclusive; both ISO 8601 instants. */
export const auditEventQuery = pageQuery.extend({
  account_id: idSchema.optional(),
  account_email: emailSchema
    .optional()
    .meta({ description: 'The events about the account(s) with this e-mail (of any role).' }),
  event: z.enum(AUDIT_EVENTS).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditEventQuery = z.output<typeof auditEventQuery>;
