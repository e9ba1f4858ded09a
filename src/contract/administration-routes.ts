// The administration and session routes: admin accounts, vendor businesses with their accounts,
// stores and terminals, and sign-in sessions. Every one needs a bearer token, so every one
// refreshes on 401.
import {
  adminAccount,
  createAdminRequest,
  createEmployeeRequest,
  createStoreRequest,
  createTerminalRequest,
  createVendorRequest,
  createVendorResponse,
  pageOf,
  pageQuery,
  posTerminal,
  session,
  store,
  updateAdminRequest,
  updateEmployeeRequest,
  vendorAccount,
  vendorBusiness,
} from './administration-schemas';
import type { Role } from './auth-schemas';
import { BODY_ERRORS, route } from './route';

// Named once here, so the OpenAPI document can give each page its own component.
export const adminAccountPage = pageOf(adminAccount);
export const vendorBusinessPage = pageOf(vendorBusiness);
export const vendorAccountPage = pageOf(vendorAccount);
export const storePage = pageOf(store);
export const sessionPage = pageOf(session);

/** A list: a malformed `limit` or `cursor` is 400. */
const LIST = ['invalid_token', 'validation_failed'] as const;
/** Past the token, the operation's module guard: 403. */
const guarded = ['invalid_token', 'forbidden'] as const;
/** A bearer route of `role` without a body. */
const bearer = <R extends Role>(role: R) => ({ role, auth: 'bearer', body: undefined }) as const;

/** The caller's own sign-in sessions, at /auth/<role>/sessions. */
export function ownSessionRoutes<Base extends string>(base: Base, role: Role) {
  const BEARER = bearer(role);
  return {
    listOwnSessions: route({
      ...BEARER,
      methods: ['GET'],
      path: `${base}/sessions`,
      query: pageQuery,
      result: sessionPage,
      resultStatuses: [200],
      errors: [...LIST],
      summary: 'Your active sign-in sessions',
      description: 'Each session is one refresh-token family: one sign-in on one device.',
    }),
    endOwnSession: route({
      ...BEARER,
      methods: ['DELETE'],
      path: `${base}/sessions/{sessionId}`,
      result: undefined,
      resultStatuses: [204],
      errors: ['invalid_token', 'not_found'],
      summary: 'End one of your sessions',
      description: 'Its refresh token stops at once; access tokens already issued run out within their lifetime.',
    }),
  };
}

/**
 * A business's accounts, stores and terminals. Admins (module `vendors`) name the business in the
 * path; vendor accounts (module `staff` or `stores`) act on their own, so only admins can meet an
 * unknown business (404) and only a vendor account can try to disable itself (409).
 */
function businessRoutes<Base extends string>(base: Base, side: Role) {
  const BEARER = bearer(side);
  const unknownBusiness = side === 'admin' ? (['not_found'] as const) : [];
  const selfDisable = side === 'vendor' ? (['conflict'] as const) : [];
  // A vendor's PIN session does POS work only: everything here asks it to sign in with the password.
  const stepUp = side === 'vendor' ? (['step_up_required'] as const) : [];
  return {
    listVendorAccounts: route({
      ...BEARER,
      methods: ['GET'],
      path: `${base}/accounts`,
      query: pageQuery,
      result: vendorAccountPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden', ...unknownBusiness, ...stepUp],
      summary: "The business's accounts",
      description: 'The owner and the employees, a page at a time.',
    }),
    createEmployee: route({
      role: side,
      methods: ['POST'],
      path: `${base}/accounts`,
      auth: 'bearer',
      body: createEmployeeRequest,
      result: vendorAccount,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, ...guarded, 'not_found', 'conflict', ...stepUp],
      summary: 'Add an employee',
      description:
        'An e-mail already in use is 409; an unknown store is 404. Nobody grants a module or action they do not hold.',
    }),
    updateEmployee: route({
      role: side,
      methods: ['PATCH'],
      path: `${base}/accounts/{accountId}`,
      auth: 'bearer',
      body: updateEmployeeRequest,
      result: vendorAccount,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, ...guarded, 'not_found', 'conflict', ...stepUp],
      summary: 'Change an employee',
      description:
        "Name, modules, permissions or stores; the owner cannot be changed (409). Takes effect on the employee's next request.",
    }),
    disableVendorAccount: route({
      ...BEARER,
      methods: ['POST'],
      path: `${base}/accounts/{accountId}/disable`,
      result: vendorAccount,
      resultStatuses: [200],
      errors: [...guarded, 'not_found', ...selfDisable, ...stepUp],
      summary: 'Disable an account',
      description: 'Ends every session of the account and refuses its tokens.',
    }),
    enableVendorAccount: route({
      ...BEARER,
      methods: ['POST'],
      path: `${base}/accounts/{accountId}/enable`,
      result: vendorAccount,
      resultStatuses: [200],
      errors: [...guarded, 'not_found', ...stepUp],
      summary: 'Enable an account',
      description: 'The account can sign in again.',
    }),
    listVendorAccountSessions: route({
      ...BEARER,
      methods: ['GET'],
      path: `${base}/accounts/{accountId}/sessions`,
      query: pageQuery,
      result: sessionPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden', 'not_found', ...stepUp],
      summary: "An account's active sessions",
      description: 'One entry per sign-in.',
    }),
    endVendorAccountSession: route({
      ...BEARER,
      methods: ['DELETE'],
      path: `${base}/accounts/{accountId}/sessions/{sessionId}`,
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded, 'not_found', ...stepUp],
      summary: "End an account's session",
      description: "Revokes that sign-in's refresh tokens.",
    }),
    resetVendorAccountFactors: route({
      ...BEARER,
      methods: ['POST'],
      path: `${base}/accounts/{accountId}/mfa/reset`,
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded, 'not_found', ...stepUp],
      summary: "Reset an account's second factors",
      description:
        'For staff who lost their authenticator: removes the authenticator app, recovery codes and passkeys, and ends every session of the account.',
    }),
    listStores: route({
      ...BEARER,
      methods: ['GET'],
      path: `${base}/stores`,
      query: pageQuery,
      result: storePage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden', ...unknownBusiness, ...stepUp],
      summary: "The business's stores",
      description: 'Every store with its POS terminals.',
    }),
    createStore: route({
      role: side,
      methods: ['POST'],
      path: `${base}/stores`,
      auth: 'bearer',
      body: createStoreRequest,
      result: store,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, ...guarded, ...unknownBusiness, ...stepUp],
      summary: 'Add a store',
      description: 'A store of the business, without terminals yet.',
    }),
    createTerminal: route({
      role: side,
      methods: ['POST'],
      path: `${base}/stores/{storeId}/terminals`,
      auth: 'bearer',
      body: createTerminalRequest,
      result: posTerminal,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, ...guarded, 'not_found', ...stepUp],
      summary: 'Add a POS terminal to a store',
      description: "An unknown store, or another business's, is 404.",
    }),
  };
}

const ADMIN = bearer('admin');

export const administrationRoutes = {
  admin: {
    ...ownSessionRoutes('/auth/admin', 'admin'),
    listAdmins: route({
      ...ADMIN,
      methods: ['GET'],
      path: '/admin/admins',
      query: pageQuery,
      result: adminAccountPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden'],
      summary: 'Admin accounts',
      description: 'Needs the `admins` module.',
    }),
    createAdmin: route({
      role: 'admin',
      methods: ['POST'],
      path: '/admin/admins',
      auth: 'bearer',
      body: createAdminRequest,
      result: adminAccount,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, ...guarded, 'conflict'],
      summary: 'Add an admin account',
      description: 'Only a super_admin makes a super_admin; an e-mail already in use is 409.',
    }),
    updateAdmin: route({
      role: 'admin',
      methods: ['PATCH'],
      path: '/admin/admins/{adminId}',
      auth: 'bearer',
      body: updateAdminRequest,
      result: adminAccount,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, ...guarded, 'not_found', 'conflict'],
      summary: 'Change an admin account',
      description: 'Demoting the last enabled super_admin is 409.',
    }),
    disableAdmin: route({
      ...ADMIN,
      methods: ['POST'],
      path: '/admin/admins/{adminId}/disable',
      result: adminAccount,
      resultStatuses: [200],
      errors: [...guarded, 'not_found', 'conflict'],
      summary: 'Disable an admin account',
      description: 'Not your own, nor the last enabled super_admin (409).',
    }),
    enableAdmin: route({
      ...ADMIN,
      methods: ['POST'],
      path: '/admin/admins/{adminId}/enable',
      result: adminAccount,
      resultStatuses: [200],
      errors: [...guarded, 'not_found'],
      summary: 'Enable an admin account',
      description: 'The account can sign in again.',
    }),
    listAdminSessions: route({
      ...ADMIN,
      methods: ['GET'],
      path: '/admin/admins/{adminId}/sessions',
      query: pageQuery,
      result: sessionPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden', 'not_found'],
      summary: "An admin's active sessions",
      description: 'One entry per sign-in.',
    }),
    endAdminSession: route({
      ...ADMIN,
      methods: ['DELETE'],
      path: '/admin/admins/{adminId}/sessions/{sessionId}',
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded, 'not_found'],
      summary: "End an admin's session",
      description: "Revokes that sign-in's refresh tokens.",
    }),
    resetAdminFactors: route({
      ...ADMIN,
      methods: ['POST'],
      path: '/admin/admins/{adminId}/mfa/reset',
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded, 'not_found'],
      summary: "Reset an admin's second factors",
      description:
        "Removes the authenticator app, recovery codes and passkeys, and ends every session of the account. Only a super_admin resets a super_admin's.",
    }),
    listVendors: route({
      ...ADMIN,
      methods: ['GET'],
      path: '/admin/vendors',
      query: pageQuery,
      result: vendorBusinessPage,
      resultStatuses: [200],
      errors: [...LIST, 'forbidden'],
      summary: 'Vendor businesses',
      description: 'Needs the `vendors` module.',
    }),
    createVendor: route({
      role: 'admin',
      methods: ['POST'],
      path: '/admin/vendors',
      auth: 'bearer',
      body: createVendorRequest,
      result: createVendorResponse,
      resultStatuses: [201],
      errors: [...BODY_ERRORS, ...guarded, 'conflict'],
      summary: 'Add a vendor business with its owner',
      description: 'An owner e-mail already in use is 409.',
    }),
    ...businessRoutes('/admin/vendors/{vendorId}', 'admin'),
  },
  vendor: {
    ...ownSessionRoutes('/auth/vendor', 'vendor'),
    ...businessRoutes('/vendor', 'vendor'),
  },
};
