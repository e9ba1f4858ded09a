// The apps a person authorized: their own list and ending one (vendor staff and customers; admins
// grant no app), and a business's staff's grants for those who manage its staff. Ending a grant ends
// its codes and tokens, and the revocation feed tells the platform's services in the same commit.
import type { AppGrantRecord } from '../app-ports';
import { AuthError } from '../auth-error';
import type { ConnectedApp, StaffConnectedApp } from '../../contract/app-grant-schemas';
import { anonymousCause, auditEntry, causeOf, createAuditRecorder } from './audit';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import type { Principal } from './principal';

const connectedAppOf = (grant: AppGrantRecord): ConnectedApp => ({
  client_id: grant.clientId,
  name: grant.appName,
  homepage_url: grant.homepageUrl,
  scopes: grant.scopes,
  granted_at: grant.grantedAt.toISOString(),
  last_used_at: grant.lastUsedAt.toISOString(),
});

type Deps = Pick<ServiceDeps, 'appGrants' | 'clock' | 'audit' | 'logger'>;

/** Who answered a consent page. */
export interface ConsentingPerson {
  id: string;
  role: 'vendor' | 'customer';
  vendorId?: string;
}

export function createAppGrants({ appGrants, clock, audit, logger }: Deps) {
  /** The authorization server ended it, at the app's request or for a reuse: nobody signed in caused it. */
  const SERVER_CAUSE = anonymousCause({});
  const notGranted = () => new AuthError('not_found', 'No grant of this app.');

  /** Ends the person's grants of the app; `principal` did it (the person, or who manages the business's staff). */
  async function end(principal: Principal, person: { role: 'vendor' | 'customer'; id: string }, clientId: string) {
    if (clientId.length > 100) throw notGranted();
    const subject = { role: person.role, accountId: person.id, vendorId: principal.account.vendor?.id };
    const audit = auditEntry('app_revoked', subject, causeOf(principal), { client_id: clientId, by: 'person' });
    const ended = await appGrants.end(person.id, clientId, clock.now(), audit);
    if (ended.length === 0) throw notGranted();
  }

  const record = createAuditRecorder({ audit, clock, logger });

  return {
    /**
     * The person allowed the app (`scopes`, those asked this time) or denied it, on the consent page; a first-party
     * app, allowed without a page. Written once the grant is saved.
     */
    consented: (person: ConsentingPerson, clientId: string, scopes: string[] | null) =>
      record(
        auditEntry(
          scopes === null ? 'app_denied' : 'app_authorized',
          { role: person.role, accountId: person.id, vendorId: person.vendorId ?? null },
          { actor: { role: person.role, accountId: person.id }, client: {} },
          scopes === null ? { client_id: clientId } : { client_id: clientId, scopes },
        ),
      ),

    /** The authorization server revoked a grant (a token revoked by the app, a code or refresh token used twice). */
    revoked: async (grantId: string): Promise<void> => {
      if (grantId.length > 100) return;
      await appGrants.endOne(grantId, clock.now(), (grant) =>
        auditEntry('app_revoked', grant, SERVER_CAUSE, { client_id: grant.clientId, by: 'app' }),
      );
    },

    async listOwnApps(principal: Principal): Promise<{ items: ConnectedApp[] }> {
      const { account } = allowed(principal, 'listOwnApps');
      return { items: (await appGrants.ofAccount(account.id)).map(connectedAppOf) };
    },

    async endOwnApp(principal: Principal, clientId: string): Promise<void> {
      const { account } = allowed(principal, 'endOwnApp');
      await end(principal, { role: account.role as 'vendor' | 'customer', id: account.id }, clientId);
    },

    async listStaffApps(principal: Principal): Promise<{ items: StaffConnectedApp[] }> {
      const { account } = allowed(principal, 'listStaffApps');
      const grants = await appGrants.ofBusiness(account.vendor?.id ?? '');
      return {
        items: grants.map((grant) => ({ ...connectedAppOf(grant), account_id: grant.accountId, email: grant.email })),
      };
    },

    /** Another account of the business only: an account of another business is not found. */
    async endStaffApp(principal: Principal, accountId: string, clientId: string): Promise<void> {
      const { account } = allowed(principal, 'endStaffApp');
      const staff = await appGrants.ofBusiness(account.vendor?.id ?? '');
      if (!staff.some((grant) => grant.accountId === accountId && grant.clientId === clientId)) throw notGranted();
      await end(principal, { role: 'vendor', id: accountId }, clientId);
    },
  };
}

export type AppGrants = ReturnType<typeof createAppGrants>;
