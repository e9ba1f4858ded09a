// Invitations of staff: admins (module `admins`) invite admins; a business's owner, its employees
// with `staff:write` and admins with `vendors` invite its employees. Nobody invites with a right
// they do not hold; the invited person accepts with the mailed token and a password of their own.
import { mailTextFor } from '../mail-texts';
import { parseInput } from '../validation';
import { pageFrom, pageRequestOf } from '../paging';
import { AuthError } from '../auth-error';
import {
  adminInvitationRequest,
  vendorInvitationRequest,
  type AcceptInvitationRequest,
} from '../../contract/invitation-schemas';
import type { InvitationRecord, InvitedRights } from '../invitation-ports';
import type { ClientInfo } from '../ports';
import type { Operation } from '../operations';
import { assertMayGrant, assertMaySuperAdmin, NO_GRANTS, type VendorScope } from './administration-rules';
import { auditEntry, causeOf } from './audit';
import type { ServiceDeps } from './deps';
import {
  adminInvitationView,
  invitationLink,
  invitationMail,
  invitationTokenHash,
  isPending,
  newInvitationToken,
  vendorInvitationView,
} from './invitation-rules';
import { allowed } from './operation-access';
import { assertAcceptablePassword } from './password-policy';
import type { Principal } from './principal';
import { assertMayGrantStores } from './store-grants';

type Deps = Pick<
  ServiceDeps,
  'config' | 'accounts' | 'invitations' | 'limiter' | 'mailer' | 'mailTexts' | 'defer' | 'hasher' | 'clock' | 'newId'
>;
type InvitedRole = 'admin' | 'vendor';

const ADMIN_OPERATIONS = {
  create: 'createAdminInvitation',
  list: 'listAdminInvitations',
  resend: 'resendAdminInvitation',
  revoke: 'revokeAdminInvitation',
} as const satisfies Record<string, Operation>;
const STAFF_OPERATIONS = {
  create: 'createStaffInvitation',
  list: 'listStaffInvitations',
  resend: 'resendStaffInvitation',
  revoke: 'revokeStaffInvitation',
} as const satisfies Record<string, Operation>;

const notPending = () => new AuthError('not_found', 'No such pending invitation.');

export function createInvitations(deps: Deps, scope: VendorScope) {
  const { config, accounts, invitations, limiter, mailer, clock } = deps;

  /** The one rule of who may grant what by invitation, at making and at resending alike. */
  async function assertMayInvite(principal: Principal, role: InvitedRole, rights: InvitedRights) {
    const { account } = principal;
    if (role === 'admin') assertMaySuperAdmin(account, rights.accountType);
    if (account.role !== role) return; // an admin inviting a business's employee holds `vendors`
    assertMayGrant(account, NO_GRANTS, { modules: rights.modules, modulePermissions: rights.modulePermissions });
    await assertMayGrantStores(accounts, account, [], rights.storeIds);
  }

  /** Mails a fresh link; counts toward the inviter's and the address's limits first (429). */
  async function mailLink(principal: Principal, invitation: InvitationRecord, token: string) {
    const business = invitation.vendorId ? ((await accounts.findVendor(invitation.vendorId))?.name ?? '') : undefined;
    const link = invitationLink(config.browser.appUrl, invitation.role, token);
    // The invitee has no account yet: the mail is in the language of the inviter's request.
    const mail = invitationMail(mailTextFor(deps, undefined, principal.client), {
      to: invitation.email,
      name: invitation.name,
      inviter: principal.account.name,
      business,
      link,
      ttlSeconds: config.invitationTtl,
    });
    deps.defer('invitation-mail', () => mailer.send(mail));
  }

  const subjectOf = (i: Pick<InvitationRecord, 'role' | 'vendorId'>) => ({
    role: i.role,
    accountId: null,
    vendorId: i.vendorId,
  });

  async function invite(
    principal: Principal,
    role: InvitedRole,
    vendorId: string | null,
    rights: InvitedRights,
    who: { email: string; name: string },
  ) {
    await assertMayInvite(principal, role, rights);
    const now = clock.now();
    if (await accounts.findByEmail(role, who.email))
      throw new AuthError('conflict', `An ${role} account with that e-mail already exists.`);
    if (await invitations.hasPending(role, who.email, now))
      throw new AuthError('conflict', 'That address has a pending invitation: send it again, or revoke it first.');
    await limiter.assertInvitationAllowed(role, principal.account.id, who.email);
    const { token, tokenHash } = newInvitationToken();
    const id = deps.newId();
    const record = await invitations.create(
      {
        id,
        role,
        email: who.email,
        name: who.name,
        ...rights,
        vendorId,
        inviter: { role: principal.account.role as InvitedRole, id: principal.account.id },
        tokenHash,
        expiresAt: new Date(now.getTime() + config.invitationTtl * 1000),
      },
      now,
      auditEntry('invitation_created', subjectOf({ role, vendorId }), causeOf(principal), {
        invitation_id: id,
        email: who.email,
        type: rights.accountType,
        modules: rights.modules,
        ...(role === 'vendor' ? { module_permissions: rights.modulePermissions, store_ids: rights.storeIds } : {}),
      }),
    );
    await mailLink(principal, record, token);
    return record;
  }

  /** A pending invitation in the caller's reach: an admin's, or one of the business `vendorId`. */
  async function pendingOf(role: InvitedRole, vendorId: string | null, id: string) {
    const found = await invitations.find(id);
    if (!found || found.role !== role || found.vendorId !== vendorId || !isPending(found, clock.now()))
      throw notPending();
    return found;
  }

  async function resend(principal: Principal, role: InvitedRole, vendorId: string | null, id: string) {
    const found = await pendingOf(role, vendorId, id);
    await assertMayInvite(principal, role, found);
    await limiter.assertInvitationAllowed(role, principal.account.id, found.email);
    const now = clock.now();
    const { token, tokenHash } = newInvitationToken();
    const audit = auditEntry('invitation_resent', subjectOf(found), causeOf(principal), { invitation_id: id });
    const renewed = await invitations.replaceToken(
      id,
      tokenHash,
      new Date(now.getTime() + config.invitationTtl * 1000),
      now,
      audit,
    );
    if (!renewed) throw notPending();
    await mailLink(principal, renewed, token);
    return renewed;
  }

  async function revoke(principal: Principal, role: InvitedRole, vendorId: string | null, id: string) {
    const found = await pendingOf(role, vendorId, id);
    const audit = auditEntry('invitation_revoked', subjectOf(found), causeOf(principal), { invitation_id: id });
    if (!(await invitations.revoke(id, clock.now(), audit))) throw notPending();
  }

  async function listPending(role: InvitedRole, vendorId: string | null, query: unknown) {
    const page = pageRequestOf(query);
    return { page, rows: await invitations.listPending(role, vendorId, clock.now(), page) };
  }

  /** The business a staff invitation operation acts on, once the caller passed its guard. */
  const businessOf = (principal: Principal, operation: Operation, vendorId: string | undefined) =>
    scope.businessOf(allowed(principal, operation), vendorId);

  return {
    async createAdminInvitation(principal: Principal, body: unknown) {
      allowed(principal, ADMIN_OPERATIONS.create);
      const input = parseInput(adminInvitationRequest, body);
      const rights = { accountType: input.admin_type, modules: input.modules, modulePermissions: {}, storeIds: [] };
      return adminInvitationView(await invite(principal, 'admin', null, rights, input));
    },
    async listAdminInvitations(principal: Principal, query: unknown) {
      allowed(principal, ADMIN_OPERATIONS.list);
      const { page, rows } = await listPending('admin', null, query);
      return pageFrom(rows, page, adminInvitationView);
    },
    async resendAdminInvitation(principal: Principal, id: string) {
      allowed(principal, ADMIN_OPERATIONS.resend);
      return adminInvitationView(await resend(principal, 'admin', null, id));
    },
    async revokeAdminInvitation(principal: Principal, id: string) {
      allowed(principal, ADMIN_OPERATIONS.revoke);
      await revoke(principal, 'admin', null, id);
    },

    async createStaffInvitation(principal: Principal, vendorId: string | undefined, body: unknown) {
      const vid = await businessOf(principal, STAFF_OPERATIONS.create, vendorId);
      const input = parseInput(vendorInvitationRequest, body);
      for (const storeId of input.store_ids) await scope.storeIn(vid, storeId);
      const rights = {
        accountType: 'employee',
        modules: input.modules,
        modulePermissions: input.module_permissions,
        storeIds: input.store_ids,
      };
      return vendorInvitationView(await invite(principal, 'vendor', vid, rights, input));
    },
    async listStaffInvitations(principal: Principal, vendorId: string | undefined, query: unknown) {
      const vid = await businessOf(principal, STAFF_OPERATIONS.list, vendorId);
      const { page, rows } = await listPending('vendor', vid, query);
      return pageFrom(rows, page, vendorInvitationView);
    },
    async resendStaffInvitation(principal: Principal, vendorId: string | undefined, id: string) {
      const vid = await businessOf(principal, STAFF_OPERATIONS.resend, vendorId);
      return vendorInvitationView(await resend(principal, 'vendor', vid, id));
    },
    async revokeStaffInvitation(principal: Principal, vendorId: string | undefined, id: string) {
      const vid = await businessOf(principal, STAFF_OPERATIONS.revoke, vendorId);
      await revoke(principal, 'vendor', vid, id);
    },

    /**
     * Creates the invited account with the chosen password: verified (the mailed link proved the
     * address) and holding the invited rights. The token is spent in the same transaction.
     */
    async accept(role: InvitedRole, input: AcceptInvitationRequest, client: ClientInfo) {
      const tokenHash = invitationTokenHash(input.token);
      const found = await invitations.findByTokenHash(tokenHash);
      const refused = () => new AuthError('invalid_token', 'This invitation link is used, revoked or expired.');
      if (!found || found.role !== role || !isPending(found, clock.now())) throw refused();
      assertAcceptablePassword(input.password, 'password');
      const passwordHash = await deps.hasher.hash(input.password);
      const audit = auditEntry(
        'account_created',
        subjectOf(found),
        { actor: { role: found.inviter.role, accountId: found.inviter.id }, client },
        {
          via: 'invitation',
          invitation_id: found.id,
          type: found.accountType,
          modules: found.modules,
          ...(role === 'vendor' ? { module_permissions: found.modulePermissions, store_ids: found.storeIds } : {}),
        },
      );
      const common = { email: found.email, name: found.name, modules: found.modules, passwordHash };
      const account =
        found.role === 'admin'
          ? { role: 'admin' as const, admin: { ...common, adminType: found.accountType } }
          : {
              role: 'vendor' as const,
              vendor: {
                ...common,
                vendorId: found.vendorId ?? '',
                vendorType: 'employee',
                modulePermissions: found.modulePermissions,
                storeIds: found.storeIds,
              },
            };
      const created = await invitations.accept(tokenHash, clock.now(), account, audit);
      if (!created) throw refused();
      return created;
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
