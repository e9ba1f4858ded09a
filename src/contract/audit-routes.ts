// The audit-trail routes: the stored security events for admins with `audit`, a business's own for
// its owner and staff managers, and each account's own. Every one needs a bearer token.
import { auditEventPage, auditEventQuery } from './audit-events';
import type { Role } from './auth-schemas';
import { route } from './route';

const FILTERS =
  'Filters: `account_id` or `account_email`, `event`, `from` (inclusive) and `to` (exclusive, ISO 8601 instants); newest first, `limit` and `cursor` page.';
const LIST = ['invalid_token', 'validation_failed'] as const;

export const ownEvents = (role: Role) =>
  route({
    role,
    methods: ['GET'],
    path: `/auth/${role}/events`,
    auth: 'bearer',
    body: undefined,
    query: auditEventQuery,
    result: auditEventPage,
    // A vendor's PIN session reads its sessions only; its events need the password.
    resultStatuses: [200],
    errors: [...LIST, ...(role === 'vendor' ? (['step_up_required'] as const) : [])],
    summary: 'Your own security events',
    description: `Sign-ins, refused sign-ins, resets and changes to your account. ${FILTERS}`,
  });

export const auditRoutes = {
  admin: {
    listAuditEvents: route({
      role: 'admin',
      methods: ['GET'],
      path: '/admin/audit-events',
      auth: 'bearer',
      body: undefined,
      query: auditEventQuery,
      result: auditEventPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden'],
      summary: 'The audit trail',
      description: `Every stored security event; needs the \`audit\` module. ${FILTERS}`,
    }),
    listOwnEvents: ownEvents('admin'),
  },
  vendor: {
    listAuditEvents: route({
      role: 'vendor',
      methods: ['GET'],
      path: '/vendor/audit-events',
      auth: 'bearer',
      body: undefined,
      query: auditEventQuery,
      result: auditEventPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden', 'step_up_required'],
      summary: "Your business's audit trail",
      description: `Events about the accounts of your business; owners, and employees with \`staff\` / \`read\`. ${FILTERS}`,
    }),
    listOwnEvents: ownEvents('vendor'),
  },
};
