// The client for outside callers of the REST contract: import from here (browser and Node 20+).
// The file-backed token store is a separate entry, `./file-token-store`, as it needs node:fs.
import type { z } from 'zod';
import type {
  adminLoginResponse,
  adminMeResponse,
  healthResponse,
  resetRequestResponse,
  resetVerifyResponse,
  vendorLoginResponse,
  vendorMeResponse,
} from '../contract/auth-schemas';

export { createAuthClient, type AuthClient, type AuthClientOptions } from './typed-client';
export { AuthClientError, isAuthClientError, type ClientErrorCode, type Problem } from './client-error';
export { API_PREFIX, DEVELOPMENT_ORIGIN, readBaseUrlEnvironment, resolveApiRoot, type BaseUrlInputs } from './base-url';
export { memoryTokenStore, type StoredTokens, type TokenStore } from './token-store';
export { memoryDeviceIdStore, type DeviceIdStore } from './device-id-store';
export type { SessionExpired } from './session';
export type { FetchLike } from './transport';
export { ROUTES, type Routes } from '../contract/routes';
export type { RestRoute } from '../contract/route';
export type { BearerApi } from './bearer-api';
export type { InputOf, ResultOf } from './transport';
export type {
  AdminAccount,
  Page,
  PosTerminal,
  Session,
  Store,
  VendorAccount,
  VendorBusiness,
} from '../contract/administration-schemas';
export type { ErrorCode } from '../contract/error-catalogue';
export type { CustomerProfile } from '../contract/customer-schemas';
export type {
  AdminProfile,
  LoginRequest,
  ResetCompleteRequest,
  Role,
  TokenPair,
  VendorContext,
  VendorProfile,
} from '../contract/auth-schemas';

export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;
export type VendorLoginResponse = z.infer<typeof vendorLoginResponse>;
export type AdminMeResponse = z.infer<typeof adminMeResponse>;
export type VendorMeResponse = z.infer<typeof vendorMeResponse>;
export type PasswordResetRequested = z.infer<typeof resetRequestResponse>;
export type PasswordResetVerified = z.infer<typeof resetVerifyResponse>;
export type HealthResponse = z.infer<typeof healthResponse>;
