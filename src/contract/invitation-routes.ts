// The invitation routes: admins invite admins, and a business (its owner, an employee with
// `staff:write`, or an admin with `vendors`) invites employees; the invited person accepts at
// /auth/<role>/invitations/accept by choosing a password, which signs the new account in.
import type { z } from 'zod';
import type { Role } from './auth-schemas';
import { adminLoginAnswer, vendorLoginAnswer } from './factor-schemas';
import {
  acceptInvitationRequest,
  adminInvitation,
  adminInvitationPage,
  adminInvitationRequest,
  vendorInvitation,
  vendorInvitationPage,
  vendorInvitationRequest,
} from './invitation-schemas';
import { pageQuery } from './administration-schemas';
import { BODY_ERRORS, route } from './route';

const LIFETIME = 'The link is valid for INVITATION_TTL (default 7 days) and once.';

/** Make, list, resend and revoke the invitations at `base`, answered as `item`. */
function invitationRoutes<Base extends string, B extends z.ZodType, I extends z.ZodType, P extends z.ZodType>(
  base: Base,
  side: Role,
  schemas: { body: B; item: I; page: P },
  who: string,
) {
  const extra = side === 'vendor' ? (['step_up_required'] as const) : [];
  // An unknown store of the invitation (staff), or an unknown business named in the path (admins).
  const storeNotFound = who === 'an admin' ? [] : (['not_found'] as const);
  const businessNotFound = base.includes('{vendorId}') ? (['not_found'] as const) : [];
  const one = `${base}/invitations/{invitationId}` as const;
  return {
    create: route({
      role: side,
      methods: ['POST'],
      path: `${base}/invitations`,
      auth: 'bearer',
      body: schemas.body,
      result: schemas.item,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, 'invalid_token', 'forbidden', ...storeNotFound, 'conflict', 'rate_limited', ...extra],
      summary: `Invite ${who} by e-mail`,
      description: `Mails a single-use link to choose a password. An address that has an account of this role, or a pending invitation, is 409; nobody grants a module, action or store they do not hold (403). ${LIFETIME}`,
    }),
    list: route({
      role: side,
      methods: ['GET'],
      path: `${base}/invitations`,
      auth: 'bearer',
      body: undefined,
      query: pageQuery,
      result: schemas.page,
      resultStatuses: [200],
      errors: ['invalid_token', 'validation_failed', 'forbidden', ...businessNotFound, ...extra],
      summary: `Pending invitations (${who})`,
      description: 'Neither accepted, revoked nor expired, oldest first.',
    }),
    resend: route({
      role: side,
      methods: ['POST'],
      path: `${one}/resend`,
      auth: 'bearer',
      body: undefined,
      result: schemas.item,
      resultStatuses: [200],
      errors: ['invalid_token', 'forbidden', 'not_found', 'rate_limited', ...extra],
      summary: `Send an invitation again (${who})`,
      description: `A new link with a new lifetime; the earlier link stops working. ${LIFETIME}`,
    }),
    revoke: route({
      role: side,
      methods: ['DELETE'],
      path: one,
      auth: 'bearer',
      body: undefined,
      result: undefined,
      resultStatuses: [204],
      errors: ['invalid_token', 'forbidden', 'not_found', ...extra],
      summary: `Revoke an invitation (${who})`,
      description: 'Its link stops working; an invitation already accepted, revoked or expired is 404.',
    }),
  };
}

/** Accepting an invitation of `role`: the answer of that role's sign-in. */
function acceptRoute<R extends 'admin' | 'vendor', A extends z.ZodType>(role: R, answer: A) {
  return route({
    role,
    methods: ['POST'],
    path: `/auth/${role}/invitations/accept`,
    auth: 'none',
    body: acceptInvitationRequest,
    result: answer,
    resultStatuses: [200],
    errors: [...BODY_ERRORS, 'invalid_token', 'conflict'],
    summary: `Accept an invitation (${role})`,
    description:
      "The link's token and the password the invited person chooses: creates the account, verified, with the invited rights, and signs it in as the role's login does. A token used, revoked, replaced by a resend or expired is 401 invalid_token; an address that got an account meanwhile is 409.",
  });
}

const adminSide = invitationRoutes(
  '/admin',
  'admin',
  { body: adminInvitationRequest, item: adminInvitation, page: adminInvitationPage },
  'an admin',
);

/** A business's invitations of employees: admins name the business in the path, vendor accounts act on their own. */
export function staffInvitationRoutes<Base extends string>(base: Base, side: Role) {
  const r = invitationRoutes(
    base,
    side,
    { body: vendorInvitationRequest, item: vendorInvitation, page: vendorInvitationPage },
    'an employee',
  );
  return {
    createStaffInvitation: r.create,
    listStaffInvitations: r.list,
    resendStaffInvitation: r.resend,
    revokeStaffInvitation: r.revoke,
  };
}

export const invitationRoutesOf = {
  admin: {
    createAdminInvitation: adminSide.create,
    listAdminInvitations: adminSide.list,
    resendAdminInvitation: adminSide.resend,
    revokeAdminInvitation: adminSide.revoke,
    ...staffInvitationRoutes('/admin/vendors/{vendorId}', 'admin'),
  },
  vendor: staffInvitationRoutes('/vendor', 'vendor'),
};

/** The accept routes: signing in, hence in the role's own group. */
export const acceptInvitationRoutes = {
  admin: { acceptInvitation: acceptRoute('admin', adminLoginAnswer) },
  vendor: { acceptInvitation: acceptRoute('vendor', vendorLoginAnswer) },
};
