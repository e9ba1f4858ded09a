// Maps between the core's AuthError and tRPC errors: the TRPCError code comes from the one error
// catalogue, and the error shape carries the same stable `code` as the REST problem bodies.
import { TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { AuthError } from '@/core/auth-error';
import { ERROR_CATALOGUE, type ErrorCode } from '@/contract/error-catalogue';

export const INTERNAL_DETAIL = 'Something went wrong on our side. Try again later.';

// tRPC's own failures (no such procedure, unparsable body...) in the catalogue's terms.
const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: 'validation_failed',
  BAD_REQUEST: 'validation_failed',
  NOT_FOUND: 'not_found',
  METHOD_NOT_SUPPORTED: 'method_not_allowed',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  TOO_MANY_REQUESTS: 'rate_limited',
  UNAUTHORIZED: 'invalid_token',
  FORBIDDEN: 'forbidden',
};

export function toTRPCError(error: AuthError): TRPCError {
  return new TRPCError({ code: ERROR_CATALOGUE[error.code].trpc, message: error.detail, cause: error });
}

/** The AuthError behind a tRPC error, or the catalogue entry closest to tRPC's own code. */
export function authErrorOf(error: TRPCError): AuthError {
  if (error.cause instanceof AuthError) return error.cause;
  const code = FROM_TRPC[error.code] ?? 'internal';
  // tRPC's messages for unexpected errors are the thrown error's own message: never show those.
  return new AuthError(code, code === 'internal' ? INTERNAL_DETAIL : error.message);
}

/** True for faults worth a log line: anything that is not a failure the caller caused. */
export function isUnexpected(error: TRPCError): boolean {
  return !(error.cause instanceof AuthError) && error.code === 'INTERNAL_SERVER_ERROR';
}

export function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const auth = authErrorOf(error);
  return {
    message: auth.detail,
    code: shape.code,
    data: {
      code: auth.code,
      // tRPC answers with this status, so both adapters answer a failure with the same status.
      httpStatus: auth.status,
      path: shape.data.path,
      ...(auth.errors ? { errors: auth.errors } : {}),
      ...(auth.retryAfter !== undefined ? { retryAfter: auth.retryAfter } : {}),
      ...(auth.challenge ? { challenge: auth.challenge } : {}),
    },
  };
}

export type TrpcErrorData = ReturnType<typeof formatError>['data'];
