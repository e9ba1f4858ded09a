// Compiled with tsc in the folder the guard kit was installed into: its declarations resolve on
// their own and type the calls (a wrong call is an error, so they are not `any`).
import { createGuard, isGuardError, type GuardPrincipal } from '@commerce-auth/guard';

export async function accountOf(token: string): Promise<string> {
  const guard = createGuard({ apiUrl: 'http://127.0.0.1:3000', revocation: 'none' });
  // @ts-expect-error the kit knows no such revocation mode
  createGuard({ apiUrl: 'http://127.0.0.1:3000', revocation: 'sometimes' });
  const resourceGuard = createGuard({
    apiUrl: 'http://127.0.0.1:3000',
    revocation: 'none',
    resource: 'https://orders.example/api',
    scopes: ['orders:read'],
  });
  const scopes: string[] = resourceGuard.protectedResource?.document.scopes_supported ?? [];
  // @ts-expect-error the scopes are a list
  createGuard({ apiUrl: 'http://127.0.0.1:3000', revocation: 'none', scopes: 'orders:read' });
  if (scopes.length === 0) return 'no metadata';
  try {
    const principal: GuardPrincipal = await guard.authenticate(token);
    return principal.accountId;
  } catch (error) {
    return isGuardError(error) ? error.code : 'unknown';
  }
}
