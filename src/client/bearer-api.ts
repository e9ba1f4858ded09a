// The client methods of every bearer route of a role, one per route of the route table:
// `client.vendor.me()`, `client.admin.listAdmins({ query })`, `client.vendor.createStore({ body })`.
import type { Role } from '../contract/auth-schemas';
import type { RestRoute } from '../contract/route';
import type { SessionKeeper } from './session';
import type { InputOf, ResultOf } from './transport';

/** The routes of `Routes` that take an access token: only they refresh on 401. */
export type BearerRoutes<Routes> = {
  [K in keyof Routes as Routes[K] extends { auth: 'bearer' } ? K : never]: Routes[K];
};

/** A method per route; its input is optional when the route has no path parameter or body. */
export type BearerApi<Routes extends Record<string, RestRoute>> = {
  [K in keyof Routes]: object extends InputOf<Routes[K]>
    ? (input?: InputOf<Routes[K]>) => Promise<ResultOf<Routes[K]>>
    : (input: InputOf<Routes[K]>) => Promise<ResultOf<Routes[K]>>;
};

/** Every bearer route of `routes`, each refreshing on 401 and retrying once. */
export function bearerApi<Routes extends Record<string, RestRoute>>(
  role: Role,
  routes: Routes,
  session: SessionKeeper,
): BearerApi<BearerRoutes<Routes>> {
  const methods = Object.entries(routes)
    .filter(([, route]) => route.auth === 'bearer')
    .map(([name, route]) => [
      name,
      (input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {}) =>
        session.sendAuthenticated(role, route, { params: input.params, query: input.query, body: input.body }),
    ]);
  return Object.fromEntries(methods) as BearerApi<BearerRoutes<Routes>>;
}
