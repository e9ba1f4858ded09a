// Every route of the REST contract, auth and administration, under a stable operation name
// (`adminLogin`, `vendorListStores`, `health`) and a group: the OpenAPI document's operations and tags.
import { adminContract } from './administration-routes';
import type { RestRoute } from './auth-routes';
import { restContract } from './auth-routes';

const capitalised = (key: string) => `${key[0]!.toUpperCase()}${key.slice(1)}`;

export interface NamedRoute {
  name: string;
  /** `admin`, `vendor`: signing in and tokens; `admin administration`, `vendor administration`; `service`. */
  group: string;
  route: RestRoute;
}

export function namedRoutes(): NamedRoute[] {
  const named: NamedRoute[] = [];
  for (const role of ['admin', 'vendor'] as const) {
    const groups: [string, Record<string, RestRoute>][] = [
      [role, restContract[role]],
      [`${role} administration`, adminContract[role]],
    ];
    for (const [group, routes] of groups) {
      for (const [key, route] of Object.entries(routes)) named.push({ name: `${role}${capitalised(key)}`, group, route });
    }
  }
  named.push({ name: 'health', group: 'service', route: restContract.health });
  return named;
}
