// The route table: every route under /api/v1, by role and name. The server dispatches on it, the
// OpenAPI document describes it and the typed client calls through it; nothing else declares a path.
import { administrationRoutes } from './administration-routes';
import { ownAppRoutes, staffAppRoutes } from './app-grant-routes';
import { appRoutes } from './app-routes';
import { approvalCallRoutes, approvalRoutes } from './approval-routes';
import { authRoutes } from './auth-routes';
import { challengeRoutes } from './challenge-routes';
import { auditRoutes } from './audit-routes';
import { customerAdministrationRoutes } from './customer-administration-routes';
import { customerRoutes } from './customer-routes';
import { acceptInvitationRoutes, invitationRoutesOf } from './invitation-routes';
import type { RestRoute } from './route';
import { terminalAdministrationRoutes, terminalRoutes } from './terminal-routes';
import { webhookRoutes } from './webhook-routes';
import { serviceCallRoutes, serviceClientRoutes } from './service-client-routes';

export const ROUTES = {
  admin: {
    ...authRoutes.admin,
    ...administrationRoutes.admin,
    ...invitationRoutesOf.admin,
    ...acceptInvitationRoutes.admin,
    ...auditRoutes.admin,
    ...terminalRoutes.admin,
    ...customerAdministrationRoutes,
    ...webhookRoutes,
    ...serviceClientRoutes,
    ...appRoutes,
  },
  vendor: {
    ...authRoutes.vendor,
    ...administrationRoutes.vendor,
    ...invitationRoutesOf.vendor,
    ...acceptInvitationRoutes.vendor,
    ...auditRoutes.vendor,
    ...terminalRoutes.vendor,
    ...ownAppRoutes('/auth/vendor', 'vendor'),
    ...staffAppRoutes,
    ...approvalRoutes,
  },
  customer: { ...customerRoutes, ...ownAppRoutes('/auth/customer', 'customer') },
  service: { ...authRoutes.service, ...challengeRoutes, ...serviceCallRoutes, ...approvalCallRoutes },
  terminal: terminalRoutes.terminal,
};

export type Routes = typeof ROUTES;
export type RouteSide = keyof Routes;

const capitalised = (key: string) => `${key[0]!.toUpperCase()}${key.slice(1)}`;

export interface NamedRoute {
  /** `adminLogin`, `vendorListStores`, `health`: the OpenAPI operationId. */
  name: string;
  side: RouteSide;
  /** The route's key in its side of the table (`login`, `listStores`). */
  key: string;
  /**
   * `admin`, `vendor`: signing in and tokens; `admin administration`, `vendor administration`; `service`; `platform
   * services`; `terminal`.
   */
  group: string;
  route: RestRoute;
}

const isAdministration = (side: RouteSide, key: string) =>
  (side === 'admin' || side === 'vendor') &&
  (key in administrationRoutes[side] ||
    key in invitationRoutesOf[side] ||
    key in auditRoutes[side] ||
    key in terminalAdministrationRoutes[side] ||
    (side === 'vendor' && key in staffAppRoutes) ||
    (side === 'admin' &&
      (key in customerAdministrationRoutes || key in webhookRoutes || key in serviceClientRoutes || key in appRoutes)));

/** Every route of the table, in table order, with its name and group. */
export const NAMED_ROUTES: readonly NamedRoute[] = (Object.keys(ROUTES) as RouteSide[]).flatMap((side) =>
  Object.entries(ROUTES[side] as Record<string, RestRoute>).map(([key, route]) => ({
    name: side === 'service' ? key : `${side}${capitalised(key)}`,
    side,
    key,
    group: isAdministration(side, key)
      ? `${side} administration`
      : side === 'service' && (key in serviceCallRoutes || key in approvalCallRoutes)
        ? 'platform services'
        : side,
    route,
  })),
);
