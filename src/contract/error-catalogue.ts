// The one catalogue of error codes: the HTTP status and title of each, and the tRPC code the
// pages' adapter answers with. Every adapter maps a thrown error through it.
export const ERROR_CATALOGUE = {
  validation_failed: { status: 400, title: 'The request is not valid', trpc: 'BAD_REQUEST' },
  invalid_credentials: { status: 401, title: 'Invalid e-mail or password', trpc: 'UNAUTHORIZED' },
  invalid_token: { status: 401, title: 'Invalid or expired access token', trpc: 'UNAUTHORIZED' },
  // The guard kit's refusals in the platform's other services (this service answers invalid_token and forbidden).
  token_expired: { status: 401, title: 'The access token has expired', trpc: 'UNAUTHORIZED' },
  session_revoked: { status: 401, title: 'The session of this access token has ended', trpc: 'UNAUTHORIZED' },
  invalid_terminal_token: { status: 401, title: 'This device is not paired with a terminal', trpc: 'UNAUTHORIZED' },
  invalid_passkey: { status: 401, title: 'The passkey could not be verified', trpc: 'UNAUTHORIZED' },
  invalid_refresh_token: { status: 401, title: 'Invalid or expired refresh token', trpc: 'UNAUTHORIZED' },
  invalid_code: { status: 401, title: 'Invalid or expired code', trpc: 'UNAUTHORIZED' },
  invalid_client: { status: 401, title: 'Unknown service client or wrong secret', trpc: 'UNAUTHORIZED' },
  invalid_reset_token: { status: 401, title: 'Invalid or expired reset token', trpc: 'UNAUTHORIZED' },
  invalid_link: { status: 401, title: 'The link is wrong, expired or was used already', trpc: 'UNAUTHORIZED' },
  email_not_verified: { status: 403, title: 'The e-mail address is not verified yet', trpc: 'FORBIDDEN' },
  account_disabled: { status: 403, title: 'The account is disabled', trpc: 'FORBIDDEN' },
  forbidden: { status: 403, title: 'Not allowed', trpc: 'FORBIDDEN' },
  invalid_approval: {
    status: 403,
    title: "A manager's valid approval of this action is needed",
    trpc: 'FORBIDDEN',
  },
  module_denied: { status: 403, title: 'The account does not have this module', trpc: 'FORBIDDEN' },
  permission_denied: { status: 403, title: 'The account may not do this in this module', trpc: 'FORBIDDEN' },
  step_up_required: { status: 403, title: 'Sign in with your password for this', trpc: 'FORBIDDEN' },
  not_found: { status: 404, title: 'Not found', trpc: 'NOT_FOUND' },
  method_not_allowed: { status: 405, title: 'Method not allowed', trpc: 'METHOD_NOT_SUPPORTED' },
  conflict: { status: 409, title: 'Conflict', trpc: 'CONFLICT' },
  invalid_state: {
    status: 400,
    title: 'The sign-in with the provider expired or was used already',
    trpc: 'BAD_REQUEST',
  },
  provider_refused: {
    status: 401,
    title: "The identity provider's answer could not be verified",
    trpc: 'UNAUTHORIZED',
  },
  link_required: { status: 409, title: 'Sign in another way, then link this provider', trpc: 'CONFLICT' },
  identity_in_use: { status: 409, title: 'This identity is linked to another account', trpc: 'CONFLICT' },
  last_sign_in_method: { status: 409, title: 'The last way to sign in cannot be removed', trpc: 'CONFLICT' },
  cursor_expired: {
    status: 410,
    title: 'The cursor is older than the entries kept; start again without one',
    trpc: 'BAD_REQUEST',
  },
  payload_too_large: { status: 413, title: 'The request body is too large', trpc: 'PAYLOAD_TOO_LARGE' },
  headers_too_large: { status: 431, title: 'The request headers are too large', trpc: 'BAD_REQUEST' },
  unsupported_media_type: {
    status: 415,
    title: 'The request body is not in the media type this route takes',
    trpc: 'UNSUPPORTED_MEDIA_TYPE',
  },
  challenge_required: {
    status: 428,
    title: 'Solve the challenge and send the request again',
    trpc: 'PRECONDITION_REQUIRED',
  },
  invalid_challenge: {
    status: 400,
    title: 'The challenge was not solved, expired or was used already',
    trpc: 'BAD_REQUEST',
  },
  rate_limited: { status: 429, title: 'Too many requests', trpc: 'TOO_MANY_REQUESTS' },
  internal: { status: 500, title: 'Internal error', trpc: 'INTERNAL_SERVER_ERROR' },
  unavailable: { status: 503, title: 'Service unavailable', trpc: 'INTERNAL_SERVER_ERROR' },
  provider_unavailable: {
    status: 502,
    title: 'The identity provider cannot be reached',
    trpc: 'INTERNAL_SERVER_ERROR',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface FieldError {
  path: string;
  message: string;
}
