// The error every rule of the core throws, and its RFC 9457 problem body.
import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '../contract/error-catalogue';

/** The detail of every 404 for a path the API does not serve. */
export const NO_SUCH_ROUTE = 'No such route.';

/** A failure the caller can act on. `detail` is shown to callers: never put secrets in it. */
export class AuthError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors?: FieldError[];
  /** Seconds until a rate-limited caller may retry. */
  readonly retryAfter?: number;
  /** A fresh proof-of-work challenge, for the caller to solve and send again (challenge_required). */
  readonly challenge?: object;

  constructor(
    code: ErrorCode,
    detail?: string,
    extra: { errors?: FieldError[]; retryAfter?: number; challenge?: object } = {},
  ) {
    super(detail ?? ERROR_CATALOGUE[code].title);
    this.name = 'AuthError';
    this.code = code;
    this.detail = detail ?? ERROR_CATALOGUE[code].title;
    this.errors = extra.errors;
    this.retryAfter = extra.retryAfter;
    this.challenge = extra.challenge;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}

/** The RFC 9457 problem body of an error; `type` is a stable URN per code. */
export function problemBody(error: AuthError) {
  const entry = ERROR_CATALOGUE[error.code];
  return {
    type: `urn:problem:auth:${error.code}`,
    title: entry.title,
    status: entry.status,
    detail: error.detail,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.challenge ? { challenge: error.challenge } : {}),
  };
}
