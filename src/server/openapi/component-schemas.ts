// The named schemas of the OpenAPI document, converted from the contract's zod schemas with zod's
// own z.toJSONSchema: request bodies as callers send them (input), answers as the server sends them (output).
import { z } from 'zod';
import * as admin from '@/contract/administration-schemas';
import * as wire from '@/contract/auth-schemas';
import { problemSchema } from '@/contract/problem-schema';
import { challengeSchema } from '@/contract/challenge-schemas';
import * as pages from '@/contract/administration-routes';
import * as audit from '@/contract/audit-events';
import * as terminal from '@/contract/terminal-schemas';
import * as approval from '@/contract/approval-schemas';
import * as customer from '@/contract/customer-schemas';
import { customerAccountPage } from '@/contract/customer-administration-routes';
import * as factor from '@/contract/factor-schemas';
import * as passkey from '@/contract/passkey-schemas';
import * as webhook from '@/contract/webhook-schemas';
import * as identity from '@/contract/identity-schemas';
import * as serviceClient from '@/contract/service-client-schemas';
import * as apps from '@/contract/app-schemas';
import * as appGrants from '@/contract/app-grant-schemas';
import * as revocation from '@/contract/revocation-schemas';
import * as invitation from '@/contract/invitation-schemas';
import * as guest from '@/contract/guest-schemas';

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** Request bodies: what a caller may send, before the server trims or lower-cases. */
const REQUEST_SCHEMAS = {
  LoginRequest: wire.loginRequest,
  RefreshTokenRequest: wire.refreshRequest,
  AdminPasswordResetRequest: wire.adminResetRequest,
  VendorPasswordResetRequest: wire.vendorResetRequest,
  AdminPasswordResetVerifyRequest: wire.adminResetVerifyRequest,
  VendorPasswordResetVerifyRequest: wire.vendorResetVerifyRequest,
  PasswordResetCompleteRequest: wire.resetCompleteRequest,
  NotMeRequest: wire.notMeRequest,
  PasswordChangeRequest: wire.changePasswordRequest,
  UpdateMeRequest: wire.updateMeRequest,
  CreateAdminRequest: admin.createAdminRequest,
  UpdateAdminRequest: admin.updateAdminRequest,
  CreateVendorRequest: admin.createVendorRequest,
  CreateEmployeeRequest: admin.createEmployeeRequest,
  UpdateEmployeeRequest: admin.updateEmployeeRequest,
  AdminInvitationRequest: invitation.adminInvitationRequest,
  VendorInvitationRequest: invitation.vendorInvitationRequest,
  AcceptInvitationRequest: invitation.acceptInvitationRequest,
  CreateStoreRequest: admin.createStoreRequest,
  CreateTerminalRequest: admin.createTerminalRequest,
  PairTerminalRequest: terminal.pairRequest,
  PinLoginRequest: terminal.pinLoginRequest,
  SetPinRequest: terminal.setPinRequest,
  ClearPinRequest: terminal.clearPinRequest,
  AskApprovalRequest: approval.askApprovalRequest,
  ApproveRequest: approval.approveRequest,
  SpendApprovalRequest: approval.spendApprovalRequest,
  CustomerRegisterRequest: customer.registerRequest,
  CustomerEmailRequest: customer.emailRequest,
  CustomerCodeMailRequest: customer.codeMailRequest,
  CustomerEmailCodeRequest: customer.emailCodeRequest,
  CustomerUpdateRequest: customer.updateCustomerRequest,
  CustomerEmailChangeRequest: customer.changeEmailRequest,
  CustomerCodeRequest: customer.codeRequest,
  CustomerDeleteRequest: customer.deleteCustomerRequest,
  MfaVerifyRequest: factor.mfaVerifyRequest,
  TotpSetupRequest: factor.totpSetupRequest,
  TotpConfirmRequest: factor.totpConfirmRequest,
  PasswordConfirmation: factor.passwordConfirmation,
  PasskeyRegisterOptionsRequest: passkey.passkeyRegisterOptionsRequest,
  PasskeyRegisterVerifyRequest: passkey.passkeyRegisterVerifyRequest,
  PasskeyLoginOptionsRequest: passkey.passkeyLoginOptionsRequest,
  PasskeyLoginVerifyRequest: passkey.passkeyLoginVerifyRequest,
  SignedInPasskeyRegisterOptionsRequest: passkey.signedInPasskeyRegisterOptionsRequest,
  SignedInPasskeyRegisterVerifyRequest: passkey.signedInPasskeyRegisterVerifyRequest,
  PasskeyRenameRequest: passkey.passkeyRenameRequest,
  CreateWebhookEndpointRequest: webhook.createWebhookEndpointRequest,
  UpdateWebhookEndpointRequest: webhook.updateWebhookEndpointRequest,
  ReplayWebhookMessagesRequest: webhook.replayRequest,
  CreateServiceClientRequest: serviceClient.createServiceClientRequest,
  CreateAppRequest: apps.createAppRequest,
  UpdateAppRequest: apps.updateAppRequest,
  IntrospectionRequest: revocation.introspectionRequest,
  OidcStartRequest: identity.oidcStartRequest,
  OidcCallbackRequest: identity.oidcCallbackRequest,
  CustomerLoginRequest: guest.customerLoginRequest,
  CustomerCodeSignInRequest: guest.customerCodeSignInRequest,
  CustomerPasskeyLoginVerifyRequest: guest.customerPasskeyLoginRequest,
  CustomerOidcCallbackRequest: guest.customerOidcCallbackRequest,
  CustomerOidcIdTokenRequest: guest.customerOidcIdTokenRequest,
} satisfies Record<string, z.ZodType>;

/** Answers: what the server sends. */
const RESPONSE_SCHEMAS = {
  AdminProfile: wire.adminProfile,
  VendorProfile: wire.vendorProfile,
  TokenPair: wire.tokenPair,
  AdminLoginResponse: wire.adminLoginResponse,
  VendorLoginResponse: wire.vendorLoginResponse,
  AdminMeResponse: wire.adminMeResponse,
  VendorMeResponse: wire.vendorMeResponse,
  VendorContext: wire.vendorContext,
  PasswordResetRequested: wire.resetRequestResponse,
  NotMeAnswer: wire.notMeResponse,
  PasswordResetVerified: wire.resetVerifyResponse,
  PasswordResetCompleted: wire.resetCompleteResponse,
  Health: wire.healthResponse,
  OpenApiDocument: wire.openapiDocument,
  JsonWebKeySet: wire.jwksResponse,
  Problem: problemSchema,
  Challenge: challengeSchema,
  AdminAccount: admin.adminAccount,
  AdminAccountPage: pages.adminAccountPage,
  VendorBusiness: admin.vendorBusiness,
  VendorBusinessPage: pages.vendorBusinessPage,
  CreateVendorResponse: admin.createVendorResponse,
  VendorAccount: admin.vendorAccount,
  VendorAccountPage: pages.vendorAccountPage,
  AdminInvitation: invitation.adminInvitation,
  AdminInvitationPage: invitation.adminInvitationPage,
  VendorInvitation: invitation.vendorInvitation,
  VendorInvitationPage: invitation.vendorInvitationPage,
  Store: admin.store,
  StorePage: pages.storePage,
  PosTerminal: admin.posTerminal,
  Session: admin.session,
  SessionPage: pages.sessionPage,
  AuditEvent: audit.auditEvent,
  AuditEventPage: audit.auditEventPage,
  PairingCode: terminal.pairingCodeResponse,
  PairedTerminal: terminal.pairedTerminal,
  PairTerminalResponse: terminal.pairResponse,
  TerminalStaff: terminal.terminalStaffResponse,
  PinLoginResponse: terminal.pinLoginResponse,
  ApprovalRequested: approval.askApprovalResponse,
  ApprovalToken: approval.approveResponse,
  SpentApproval: approval.spentApproval,
  CustomerProfile: customer.customerProfile,
  CustomerGenericAnswer: customer.genericAnswer,
  CustomerSignIn: customer.customerSignIn,
  CustomerLoginResponse: customer.customerLoginResponse,
  CustomerMeResponse: customer.customerMeResponse,
  GuestProfile: guest.guestProfile,
  CustomerOrGuestMeResponse: guest.customerOrGuestMeResponse,
  CustomerExport: customer.customerExport,
  CustomerAccount: customer.customerAccount,
  CustomerAccountPage: customerAccountPage,
  MfaChallenge: factor.mfaChallenge,
  MfaEnrollmentChallenge: factor.mfaEnrollmentChallenge,
  AdminLoginAnswer: factor.adminLoginAnswer,
  VendorLoginAnswer: factor.vendorLoginAnswer,
  TotpSetupResponse: factor.totpSetupResponse,
  RecoveryCodes: factor.recoveryCodesResponse,
  AdminTotpConfirmResponse: factor.adminTotpConfirmResponse,
  VendorTotpConfirmResponse: factor.vendorTotpConfirmResponse,
  WebAuthnOptions: passkey.webauthnOptions,
  Passkey: passkey.passkeyView,
  PasskeyList: passkey.passkeyList,
  PasskeyRegistered: passkey.passkeyRegistered,
  AdminPasskeyRegisterResponse: passkey.adminPasskeyRegisterResponse,
  VendorPasskeyRegisterResponse: passkey.vendorPasskeyRegisterResponse,
  WebhookEndpoint: webhook.webhookEndpoint,
  WebhookEndpointWithSecret: webhook.webhookEndpointWithSecret,
  WebhookEndpointPage: webhook.webhookEndpointPage,
  WebhookSecret: webhook.webhookSecret,
  WebhookMessage: webhook.webhookMessage,
  WebhookMessagePage: webhook.webhookMessagePage,
  WebhookMessagesQueued: webhook.replayResult,
  WebhookMessageQueued: webhook.queuedMessage,
  WebhookEventBody: webhook.webhookBody,
  ServiceClient: serviceClient.serviceClient,
  ServiceClientWithSecret: serviceClient.serviceClientWithSecret,
  ServiceClientPage: serviceClient.serviceClientPage,
  ServiceClientSecret: serviceClient.serviceClientSecret,
  App: apps.app,
  AppWithSecret: apps.appWithSecret,
  AppPage: apps.appPage,
  AppSecret: apps.appSecret,
  ConnectedApp: appGrants.connectedApp,
  ConnectedApps: appGrants.connectedApps,
  StaffConnectedApp: appGrants.staffConnectedApp,
  StaffConnectedApps: appGrants.staffConnectedApps,
  IntrospectionAnswer: revocation.introspectionAnswer,
  ActiveToken: revocation.activeToken,
  InactiveToken: revocation.inactiveToken,
  RevocationItem: revocation.revocationItem,
  RevocationPage: revocation.revocationPage,
  ProviderList: identity.providerList,
  OidcStartResponse: identity.oidcStartResponse,
  Identity: identity.identityView,
  IdentityList: identity.identityList,
  IdentityLinked: identity.identityLinked,
} satisfies Record<string, z.ZodType>;

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** Tidies what JSON Schema cannot say the way zod does, and what the generic conversion adds as noise. */
function override({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  // z.number().int() emits the safe-integer range; every integer here is small, so it only clutters.
  if (jsonSchema.minimum === -SAFE_INTEGER && jsonSchema.maximum === SAFE_INTEGER) {
    delete jsonSchema.minimum;
    delete jsonSchema.maximum;
  }
  // Integers say their width; every integer here (limits, lifetimes, statuses) fits 32 bits.
  if (jsonSchema.type === 'integer' && jsonSchema.format === undefined) jsonSchema.format = 'int32';
  // The e-mail check sits after a trim/lower-case pipe, which the input side cannot show.
  if (zodSchema === wire.emailSchema) jsonSchema.format = 'email';
}

function convert(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'throw',
    override,
  });
  const result: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted)) {
    // OpenAPI 3.1's default dialect is 2020-12 already, and component ids are the map's keys.
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    result[id] = rest;
  }
  if (result.__shared)
    throw new Error('a schema is shared between components without a name: name it in component-schemas.ts');
  return result;
}

/** One input schema inlined (a path parameter), as a caller sends it. */
export const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', override, unrepresentable: 'throw' }) as JsonSchema;

/** A query schema's properties as OpenAPI query parameters. */
export function queryParameters(query: z.ZodType) {
  const { properties = {}, required = [] } = z.toJSONSchema(query, { io: 'input', override }) as JsonSchema;
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema as JsonSchema;
    return {
      name,
      in: 'query',
      required: required.includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** The `components.schemas` map and a lookup from a contract schema to its `$ref`. */
export function componentSchemas() {
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries({ ...REQUEST_SCHEMAS, ...RESPONSE_SCHEMAS })) names.set(schema, name);
  return {
    schemas: { ...convert(REQUEST_SCHEMAS, 'input'), ...convert(RESPONSE_SCHEMAS, 'output') },
    /** The `$ref` of a contract schema; throws for one without a name, so none is inlined by accident. */
    refOf: (schema: z.ZodType) => {
      const name = names.get(schema);
      if (!name) throw new Error('a contract schema has no component name in component-schemas.ts');
      return schemaRef(name);
    },
  };
}
