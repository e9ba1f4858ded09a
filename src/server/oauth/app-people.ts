// Who may authorize an app: the vendor staff member or the customer behind an OAuth account id, with
// the business scopes their own modules and permissions allow, read from the service's tables.
import { BUSINESS_SCOPES, IDENTITY_SCOPES } from '@/contract/app-schemas';
import { passesModuleGuard } from '@/core/module-access';
import type { PrismaClient } from '../db/prisma';

/** Staff authorize business scopes; customers only the identity scopes. Admins grant no app. */
export type AppPersonRole = 'vendor' | 'customer';

export interface AppPerson {
  id: string;
  role: AppPersonRole;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The staff member's business, shown on the consent page, and its id and the member's vendor type. */
  business?: string;
  vendorId?: string;
  vendorType?: string;
  /** The `<module>:<action>` scopes this person holds: never more is offered or granted. */
  businessScopes: string[];
}

const identityScopes = new Set<string>(IDENTITY_SCOPES);
const businessScopes = new Set<string>(BUSINESS_SCOPES);

/** The role a request's scopes call for: any business scope means staff, identity scopes alone a customer. */
export function roleOfScopes(scope: string): AppPersonRole {
  return scope.split(' ').some((s) => businessScopes.has(s)) ? 'vendor' : 'customer';
}

/** The requested scopes that may be granted to `person`: their identity scopes and the business scopes they hold. */
export function grantableScopes(person: AppPerson, requested: string): { identity: string[]; business: string[] } {
  const scopes = [...new Set(requested.split(' ').filter(Boolean))];
  return {
    identity: scopes.filter((s) => identityScopes.has(s)),
    business: scopes.filter((s) => person.businessScopes.includes(s)),
  };
}

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function heldScopes(account: { vendorType: string; modules: unknown; modulePermissions: unknown }): string[] {
  const permissions = (account.modulePermissions ?? {}) as Record<string, unknown>;
  const subject = {
    role: 'vendor' as const,
    type: account.vendorType,
    modules: asStrings(account.modules),
    modulePermissions: Object.fromEntries(Object.entries(permissions).map(([m, actions]) => [m, asStrings(actions)])),
  };
  return BUSINESS_SCOPES.filter((scope) => {
    const [module, action] = scope.split(':') as [string, string];
    return passesModuleGuard(subject, module, action);
  });
}

/** The enabled person with this id (staff first, then customers), or null. */
export async function findAppPerson(prisma: PrismaClient, id: string): Promise<AppPerson | null> {
  if (id.length > 100) return null;
  const staff = await prisma.vendorAccount.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      name: true,
      vendorId: true,
      vendorType: true,
      modules: true,
      modulePermissions: true,
      disabledAt: true,
      vendor: { select: { name: true } },
    },
  });
  if (staff) {
    if (staff.disabledAt) return null;
    return {
      id: staff.id,
      role: 'vendor',
      email: staff.email,
      name: staff.name,
      // Staff addresses are set by their owner or an admin, who vouch for them.
      emailVerified: true,
      business: staff.vendor.name,
      vendorId: staff.vendorId,
      vendorType: staff.vendorType,
      businessScopes: heldScopes(staff),
    };
  }
  const customer = await prisma.customerAccount.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, emailVerifiedAt: true, disabledAt: true },
  });
  if (!customer || customer.disabledAt) return null;
  return {
    id: customer.id,
    role: 'customer',
    email: customer.email,
    name: customer.name,
    emailVerified: customer.emailVerifiedAt !== null,
    businessScopes: [],
  };
}
