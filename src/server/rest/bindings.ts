// What each route of the table does: one line per route, from a parsed request to the auth service.
// The table (src/contract/routes.ts) says how a route is called; this file says which service
// function answers it. The type below makes a route without a binding a compile error.
import type { z } from 'zod';
import { resetIdentityOf, type Role } from '@/contract/auth-schemas';
import type { ChallengeAnswer } from '@/contract/challenge-schemas';
import type { RestRoute } from '@/contract/route';
import type { Routes, RouteSide } from '@/contract/routes';
import type { ClientInfo } from '@/core/ports';
import type { AuthService, Principal } from '@/core/service';
import type { JsonPieces } from '@/core/service/customer-export';
import type { PairedDevice } from '@/core/terminal-ports';
import type { ServiceCaller } from '@/core/service/service-clients';
import { isDraining } from '../lifecycle';

/** One request to one route, as the dispatcher (REST) or a procedure (tRPC) hands it over. */
export interface RouteCall<R extends RestRoute = RestRoute> {
  auth: AuthService;
  client: ClientInfo;
  /** The path's `{name}` segments, decoded. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** The signed-in account of a bearer route (the adapter authenticated it before the body was read). */
  principal: Principal;
  /** The access token sent on a route that takes one or another credential (enrolling a second factor). */
  bearerToken: string | undefined;
  /** The paired device of a `terminal` route (the adapter checked its credential first). */
  terminal: PairedDevice;
  /** The service client of a `client` route (the adapter checked its Basic credentials first). */
  serviceCaller: ServiceCaller;
  /** The body as sent: guarded operations validate it themselves, after their module guard. */
  body(): Promise<unknown>;
  /** The body validated by the route's own schema. */
  input(): Promise<R['body'] extends z.ZodType ? z.output<R['body']> : undefined>;
  /** Checks the database, for the health route. */
  databaseHealthy(): Promise<boolean>;
  /** The API's description, for its own route. */
  openapiDocument(): object;
}

/** A JSON body sent as it is produced (a customer's export), never held whole by the REST adapter. */
export class JsonStream {
  constructor(readonly pieces: JsonPieces) {}

  /** The value whole, for the pages' tRPC adapter, whose answers are one JSON value. */
  async whole(): Promise<object> {
    let text = '';
    for await (const piece of this.pieces) text += piece;
    return JSON.parse(text) as object;
  }
}

/** An answer with a status other than the route's first result status (health's 503), or with headers of its own. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: object | JsonStream,
    /** Headers besides the JSON ones (an export's Content-Disposition). */
    readonly headers: Record<string, string> = {},
  ) {}
}

export type Binding<R extends RestRoute> = (call: RouteCall<R>) => Promise<object | void>;
type SideBindings<S extends RouteSide> = {
  [K in keyof Routes[S]]: Routes[S][K] extends RestRoute ? Binding<Routes[S][K]> : never;
};

type AccountRoutes = Routes['admin'] | Routes['vendor'] | Routes['customer'];

/** A customer route that mails or creates, under the proof-of-work challenge (sign-in admits it in the core). */
const challenged =
  <R extends RestRoute>(binding: Binding<R>): Binding<R> =>
  async (c) => {
    const input = (await c.input()) as { challenge?: ChallengeAnswer } | undefined;
    await c.auth.challenges.admit(c.client, input?.challenge);
    return binding(c);
  };

/** Signing in, tokens, profile, own sessions and password reset: the same for every role. */
function accountBindings<R extends Role>(role: R) {
  return {
    login: async (c: RouteCall<AccountRoutes['login']>) => c.auth.loginWithProfile(role, await c.input(), c.client),
    refresh: async (c: RouteCall<AccountRoutes['refresh']>) =>
      c.auth.refresh(role, (await c.input()).refresh_token, c.client),
    logout: async (c: RouteCall<AccountRoutes['logout']>) =>
      c.auth.logout(role, (await c.input()).refresh_token, c.client),
    me: async (c: RouteCall) => c.auth.me(role, c.principal),
    changePassword: async (c: RouteCall) => c.auth.changeOwnPassword(c.principal, await c.body(), c.client),
    requestReset: async (c: RouteCall<AccountRoutes['requestReset']>) =>
      c.auth.requestReset(role, resetIdentityOf(await c.input()), c.client),
    verifyReset: async (c: RouteCall<AccountRoutes['verifyReset']>) => {
      const body = await c.input();
      return c.auth.verifyReset(role, { ...resetIdentityOf(body), code: body.code }, c.client);
    },
    completeReset: async (c: RouteCall<AccountRoutes['completeReset']>) =>
      c.auth.completeReset(role, await c.input(), c.client),
    notMe: async (c: RouteCall<AccountRoutes['notMe']>) => c.auth.disownSignIn(role, (await c.input()).token, c.client),
    listOwnSessions: async (c: RouteCall) => c.auth.administration.listOwnSessions(c.principal, c.query),
    endOwnSession: async (c: RouteCall) => c.auth.administration.endOwnSession(c.principal, c.params.sessionId!),
    listOwnEvents: async (c: RouteCall) => c.auth.administration.listOwnEvents(c.principal, c.query),
    listAuditEvents: async (c: RouteCall) => c.auth.administration.listAuditEvents(c.principal, c.query),
  };
}

type StaffRoutes = Routes['admin'] | Routes['vendor'];

/** The apps a vendor staff member or a customer authorized. */
const ownAppBindings = {
  listOwnApps: async (c: RouteCall) => c.auth.appGrants.listOwnApps(c.principal),
  endOwnApp: async (c: RouteCall) => c.auth.appGrants.endOwnApp(c.principal, c.params.clientId!),
};

/** Second factors: admin and vendor staff only. */
function factorBindings<R extends 'admin' | 'vendor'>(role: R) {
  return {
    mfaVerify: async (c: RouteCall<StaffRoutes['mfaVerify']>) => c.auth.mfaVerify(role, await c.input(), c.client),
    totpSetup: async (c: RouteCall<StaffRoutes['totpSetup']>) =>
      c.auth.totpSetup(role, c.bearerToken, await c.input(), c.client),
    totpConfirm: async (c: RouteCall<StaffRoutes['totpConfirm']>) =>
      c.auth.totpConfirm(role, c.bearerToken, await c.input(), c.client),
    totpRemove: async (c: RouteCall<StaffRoutes['totpRemove']>) => c.auth.removeTotp(c.principal, await c.input()),
    regenerateRecoveryCodes: async (c: RouteCall<StaffRoutes['regenerateRecoveryCodes']>) =>
      c.auth.regenerateRecoveryCodes(c.principal, await c.input()),
  };
}

/** Passkeys: the same for every role (a customer's registration simply never carries an mfa_token). */
function passkeyBindings<R extends Role>(role: R) {
  return {
    passkeyRegisterOptions: async (c: RouteCall<AccountRoutes['passkeyRegisterOptions']>) =>
      c.auth.passkeyRegisterOptions(role, c.bearerToken, await c.input(), c.client),
    passkeyRegisterVerify: async (c: RouteCall<AccountRoutes['passkeyRegisterVerify']>) =>
      c.auth.passkeyRegister(role, c.bearerToken, await c.input(), c.client),
    listPasskeys: async (c: RouteCall) => c.auth.listPasskeys(c.principal),
    renamePasskey: async (c: RouteCall<AccountRoutes['renamePasskey']>) =>
      c.auth.renamePasskey(c.principal, c.params.passkeyId!, await c.input()),
    deletePasskey: async (c: RouteCall) => c.auth.deletePasskey(c.principal, c.params.passkeyId!),
    passkeyLoginOptions: async (c: RouteCall<AccountRoutes['passkeyLoginOptions']>) => {
      await c.input(); // the body must be the empty object the route declares
      return c.auth.passkeyLoginOptions(role);
    },
    passkeyLoginVerify: async (c: RouteCall<AccountRoutes['passkeyLoginVerify']>) =>
      c.auth.passkeyLogin(role, await c.input(), c.client),
  };
}

/** A business's accounts, stores and terminals: admins name the business in the path, vendors act on their own. */
function businessBindings(vendorIdOf: (c: RouteCall) => string | undefined) {
  const run = (c: RouteCall) => c.auth.administration;
  return {
    listVendorAccounts: async (c: RouteCall) => run(c).listVendorAccounts(c.principal, vendorIdOf(c), c.query),
    createEmployee: async (c: RouteCall) => run(c).createEmployee(c.principal, vendorIdOf(c), await c.body()),
    updateEmployee: async (c: RouteCall) =>
      run(c).updateEmployee(c.principal, vendorIdOf(c), c.params.accountId!, await c.body()),
    disableVendorAccount: async (c: RouteCall) =>
      run(c).disableVendorAccount(c.principal, vendorIdOf(c), c.params.accountId!),
    enableVendorAccount: async (c: RouteCall) =>
      run(c).enableVendorAccount(c.principal, vendorIdOf(c), c.params.accountId!),
    listVendorAccountSessions: async (c: RouteCall) =>
      run(c).listVendorAccountSessions(c.principal, vendorIdOf(c), c.params.accountId!, c.query),
    endVendorAccountSession: async (c: RouteCall) =>
      run(c).endVendorAccountSession(c.principal, vendorIdOf(c), c.params.accountId!, c.params.sessionId!),
    resetVendorAccountFactors: async (c: RouteCall) =>
      run(c).resetVendorAccountFactors(c.principal, vendorIdOf(c), c.params.accountId!),
    listStores: async (c: RouteCall) => run(c).listStores(c.principal, vendorIdOf(c), c.query),
    createStore: async (c: RouteCall) => run(c).createStore(c.principal, vendorIdOf(c), await c.body()),
    createTerminal: async (c: RouteCall) =>
      run(c).createTerminal(c.principal, vendorIdOf(c), c.params.storeId!, await c.body()),
    ...pairingBindings(vendorIdOf),
    createStaffInvitation: async (c: RouteCall) =>
      run(c).createStaffInvitation(c.principal, vendorIdOf(c), await c.body()),
    listStaffInvitations: async (c: RouteCall) => run(c).listStaffInvitations(c.principal, vendorIdOf(c), c.query),
    resendStaffInvitation: async (c: RouteCall) =>
      run(c).resendStaffInvitation(c.principal, vendorIdOf(c), c.params.invitationId!),
    revokeStaffInvitation: async (c: RouteCall) =>
      run(c).revokeStaffInvitation(c.principal, vendorIdOf(c), c.params.invitationId!),
  };
}

/** Pairing codes, unpairing and clearing a staff member's PIN, on both sides. */
function pairingBindings(vendorIdOf: (c: RouteCall) => string | undefined) {
  return {
    createPairingCode: async (c: RouteCall) =>
      c.auth.terminals.createPairingCode(c.principal, vendorIdOf(c), c.params.storeId!, c.params.terminalId!),
    revokePairing: async (c: RouteCall) =>
      c.auth.terminals.revokePairing(c.principal, vendorIdOf(c), c.params.terminalId!),
    clearStaffPin: async (c: RouteCall) =>
      c.auth.terminals.clearStaffPin(c.principal, vendorIdOf(c), c.params.accountId!),
  };
}

/** 503 while draining for shutdown or without a database: the load balancer sends no work. */
async function readiness(c: RouteCall) {
  if (isDraining()) return new Answer(503, { status: 'draining' });
  return (await c.databaseHealthy()) ? { status: 'ok' } : new Answer(503, { status: 'unavailable' });
}

export const BINDINGS: { [S in RouteSide]: SideBindings<S> } = {
  admin: {
    ...accountBindings('admin'),
    updateMe: async (c) => c.auth.updateMe('admin', c.principal, await c.body()),
    ...factorBindings('admin'),
    ...passkeyBindings('admin'),
    listAdmins: async (c) => c.auth.administration.listAdmins(c.principal, c.query),
    createAdmin: async (c) => c.auth.administration.createAdmin(c.principal, await c.body()),
    updateAdmin: async (c) => c.auth.administration.updateAdmin(c.principal, c.params.adminId!, await c.body()),
    disableAdmin: async (c) => c.auth.administration.disableAdmin(c.principal, c.params.adminId!),
    enableAdmin: async (c) => c.auth.administration.enableAdmin(c.principal, c.params.adminId!),
    listAdminSessions: async (c) => c.auth.administration.listAdminSessions(c.principal, c.params.adminId!, c.query),
    endAdminSession: async (c) =>
      c.auth.administration.endAdminSession(c.principal, c.params.adminId!, c.params.sessionId!),
    resetAdminFactors: async (c) => c.auth.administration.resetAdminFactors(c.principal, c.params.adminId!),
    createAdminInvitation: async (c) => c.auth.administration.createAdminInvitation(c.principal, await c.body()),
    listAdminInvitations: async (c) => c.auth.administration.listAdminInvitations(c.principal, c.query),
    resendAdminInvitation: async (c) =>
      c.auth.administration.resendAdminInvitation(c.principal, c.params.invitationId!),
    revokeAdminInvitation: async (c) =>
      c.auth.administration.revokeAdminInvitation(c.principal, c.params.invitationId!),
    acceptInvitation: async (c) => c.auth.acceptInvitation('admin', await c.input(), c.client),
    listVendors: async (c) => c.auth.administration.listVendors(c.principal, c.query),
    createVendor: async (c) => c.auth.administration.createVendor(c.principal, await c.body()),
    ...businessBindings((c) => c.params.vendorId),
    listCustomers: async (c) => c.auth.administration.listCustomers(c.principal, c.query),
    getCustomer: async (c) => c.auth.administration.getCustomer(c.principal, c.params.customerId!),
    disableCustomer: async (c) => c.auth.administration.disableCustomer(c.principal, c.params.customerId!),
    enableCustomer: async (c) => c.auth.administration.enableCustomer(c.principal, c.params.customerId!),
    listCustomerSessions: async (c) =>
      c.auth.administration.listCustomerSessions(c.principal, c.params.customerId!, c.query),
    endCustomerSession: async (c) =>
      c.auth.administration.endCustomerSession(c.principal, c.params.customerId!, c.params.sessionId!),
    createWebhookEndpoint: async (c) => c.auth.webhooks.createWebhookEndpoint(c.principal, await c.body()),
    listWebhookEndpoints: async (c) => c.auth.webhooks.listWebhookEndpoints(c.principal, c.query),
    getWebhookEndpoint: async (c) => c.auth.webhooks.getWebhookEndpoint(c.principal, c.params.endpointId!),
    updateWebhookEndpoint: async (c) =>
      c.auth.webhooks.updateWebhookEndpoint(c.principal, c.params.endpointId!, await c.body()),
    deleteWebhookEndpoint: async (c) => c.auth.webhooks.deleteWebhookEndpoint(c.principal, c.params.endpointId!),
    rotateWebhookSecret: async (c) => c.auth.webhooks.rotateWebhookSecret(c.principal, c.params.endpointId!),
    testWebhookEndpoint: async (c) => c.auth.webhooks.testWebhookEndpoint(c.principal, c.params.endpointId!),
    listWebhookMessages: async (c) => c.auth.webhooks.listWebhookMessages(c.principal, c.params.endpointId!, c.query),
    replayWebhookMessages: async (c) =>
      c.auth.webhooks.replayWebhookMessages(c.principal, c.params.endpointId!, await c.body()),
    retryWebhookDelivery: async (c) =>
      c.auth.webhooks.retryWebhookDelivery(c.principal, c.params.endpointId!, c.params.messageId!),
    retryWebhookMessage: async (c) => c.auth.webhooks.retryWebhookMessage(c.principal, c.params.messageId!),
    createServiceClient: async (c) => c.auth.serviceClients.createServiceClient(c.principal, await c.body()),
    listServiceClients: async (c) => c.auth.serviceClients.listServiceClients(c.principal, c.query),
    rotateServiceClientSecret: async (c) =>
      c.auth.serviceClients.rotateServiceClientSecret(c.principal, c.params.serviceClientId!),
    deleteServiceClient: async (c) => c.auth.serviceClients.deleteServiceClient(c.principal, c.params.serviceClientId!),
    createApp: async (c) => c.auth.apps.createApp(c.principal, await c.body()),
    listApps: async (c) => c.auth.apps.listApps(c.principal, c.query),
    getApp: async (c) => c.auth.apps.getApp(c.principal, c.params.appId!),
    updateApp: async (c) => c.auth.apps.updateApp(c.principal, c.params.appId!, await c.body()),
    rotateAppSecret: async (c) => c.auth.apps.rotateAppSecret(c.principal, c.params.appId!),
    deleteApp: async (c) => c.auth.apps.deleteApp(c.principal, c.params.appId!),
  },
  vendor: {
    ...accountBindings('vendor'),
    updateMe: async (c) => c.auth.updateMe('vendor', c.principal, await c.body()),
    ...factorBindings('vendor'),
    ...passkeyBindings('vendor'),
    context: async (c) => c.auth.vendorContext(c.principal),
    acceptInvitation: async (c) => c.auth.acceptInvitation('vendor', await c.input(), c.client),
    ...businessBindings(() => undefined),
    setPin: async (c) => c.auth.terminals.setOwnPin(c.principal, await c.body()),
    clearPin: async (c) => c.auth.terminals.clearOwnPin(c.principal, await c.body()),
    ...ownAppBindings,
    listStaffApps: async (c) => c.auth.appGrants.listStaffApps(c.principal),
    endStaffApp: async (c) => c.auth.appGrants.endStaffApp(c.principal, c.params.accountId!, c.params.clientId!),
    askApproval: async (c) => c.auth.terminals.askApproval(c.principal, await c.body()),
    approve: async (c) => c.auth.terminals.approve(c.principal, c.params.approvalId!, await c.body(), c.client),
  },
  terminal: {
    pair: async (c) => c.auth.terminals.pair(await c.body()),
    staff: async (c) => c.auth.terminals.staff(c.terminal),
    pinLogin: async (c) => c.auth.terminals.pinLogin(c.terminal, await c.body(), c.client),
  },
  customer: {
    ...accountBindings('customer'),
    ...passkeyBindings('customer'),
    startGuest: async (c) => c.auth.startGuest(c.client),
    register: challenged(async (c) => c.auth.customers.register(await c.input(), c.client)),
    verifyRegistration: async (c) => c.auth.customers.verifyRegistration(await c.input(), c.client),
    resendRegistration: challenged(async (c) => c.auth.customers.resendRegistration((await c.input()).email, c.client)),
    requestLoginCode: challenged(async (c) => c.auth.customers.requestLoginCode((await c.input()).email, c.client)),
    verifyLoginCode: async (c) => c.auth.customers.verifyLoginCode(await c.input(), c.client),
    updateMe: async (c) => c.auth.customers.updateMe(c.principal, await c.body()),
    deleteMe: async (c) => c.auth.customers.deleteMe(c.principal, await c.body(), c.client),
    exportMe: async (c) =>
      new Answer(200, new JsonStream(c.auth.customers.exportMe(c.principal)), {
        'content-disposition': 'attachment; filename="my-data.json"',
      }),
    changeEmail: async (c) => c.auth.customers.changeEmail(c.principal, await c.body(), c.client),
    verifyEmailChange: async (c) => c.auth.customers.verifyEmailChange(c.principal, await c.body()),
    listProviders: async (c) => c.auth.oidc.providers(),
    oidcStart: async (c) => c.auth.oidc.start(c.params.provider!, await c.input(), { client: c.client }),
    oidcCallback: async (c) => c.auth.oidc.callback(c.params.provider!, await c.input(), { client: c.client }),
    oidcIdToken: async (c) => c.auth.oidc.idToken(c.params.provider!, await c.input(), c.client),
    listIdentities: async (c) => c.auth.oidc.list(c.principal),
    identityLinkStart: async (c) => c.auth.oidc.linkStart(c.principal, c.params.provider!, await c.input()),
    identityLinkCallback: async (c) => c.auth.oidc.linkCallback(c.principal, c.params.provider!, await c.input()),
    unlinkIdentity: async (c) => c.auth.oidc.unlink(c.principal, c.params.identityId!, await c.body()),
    ...ownAppBindings,
  },
  service: {
    health: (c) => readiness(c),
    healthReady: (c) => readiness(c),
    healthLive: async () => ({ status: 'ok' }),
    jwks: async (c) => new Answer(200, await c.auth.jwks(), { 'cache-control': 'public, max-age=300' }),
    openapi: async (c) => c.openapiDocument(),
    challenge: async (c) => c.auth.challenges.issue(),
    introspect: async (c) => c.auth.platform.introspect(c.serviceCaller, await c.body()),
    revocations: async (c) => c.auth.platform.revocations(c.serviceCaller, c.query),
    spendApproval: async (c) => c.auth.terminals.spendApproval(c.serviceCaller, await c.body()),
  },
};
