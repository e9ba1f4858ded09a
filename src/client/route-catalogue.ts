// Every route of the REST contract, auth and administration, under a stable operation name
// (`adminLogin`, `vendorListStores`, `health`) and a group: the OpenAPI document's operations and tags.
import { adminContract } from './admin-contract';
import type { RestRoute } from './rest-contract';
import { restContract } from './rest-contract';

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
  for (const name of ['health', 'healthReady', 'healthLive'] as const) named.push({ name, group: 'service', route: restContract[name] });
  return named;
}
