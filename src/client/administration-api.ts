// The client methods of the administration and session routes, one per route, made from the
// table in admin-contract.ts: `client.admin.listAdmins({ query })`, `client.vendor.createStore({ body })`.
import type { Role } from '../contract/auth-schemas';
import type { RestRoute } from '../contract/auth-routes';
import type { SessionKeeper } from './session';
import type { InputOf, ResultOf } from './transport';

/** A method per route; its input is optional when the route has no path parameter or body. */
export type AdministrationApi<Routes extends Record<string, RestRoute>> = {
  [K in keyof Routes]: object extends InputOf<Routes[K]>
    ? (input?: InputOf<Routes[K]>) => Promise<ResultOf<Routes[K]>>
    : (input: InputOf<Routes[K]>) => Promise<ResultOf<Routes[K]>>;
};

/** Every one of these routes takes a bearer token, so every call refreshes on 401 and retries once. */
export function administrationApi<Routes extends Record<string, RestRoute>>(role: Role, routes: Routes, session: SessionKeeper): AdministrationApi<Routes> {
  const methods = Object.entries(routes).map(([name, route]) => [
    name,
    (input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {}) =>
      session.sendAuthenticated(role, route, { params: input.params, query: input.query, body: input.body }),
  ]);
  return Object.fromEntries(methods) as AdministrationApi<Routes>;
}
