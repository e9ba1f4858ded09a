// The typed error of the client: an HTTP failure carrying the server's problem `code` (RFC 9457).
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/error-catalogue';
import { problemSchema } from '../contract/problem-schema';
import type { z } from 'zod';

export type Problem = z.infer<typeof problemSchema>;

/**
 * `unexpected_response`: the answer was not what the contract promises (a proxy's HTML page, a
 * body that fails its schema). Network failures are not wrapped: fetch's own error reaches the caller.
 */
export type ClientErrorCode = ErrorCode | 'unexpected_response';

export class AuthClientError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  /** The problem body as the server sent it, when it sent one. */
  readonly problem?: Problem;
  /** Seconds to wait before retrying, from `Retry-After` (rate_limited). */
  readonly retryAfter?: number;

  constructor(
    status: number,
    code: ClientErrorCode,
    message: string,
    extra: { problem?: Problem; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AuthClientError';
    this.status = status;
    this.code = code;
    this.problem = extra.problem;
    this.retryAfter = extra.retryAfter;
  }

  /** Field errors of a validation_failed answer. */
  get fieldErrors(): { path: string; message: string }[] {
    return this.problem?.errors ?? [];
  }
}

export function isAuthClientError(error: unknown, code?: ClientErrorCode): error is AuthClientError {
  return error instanceof AuthClientError && (code === undefined || error.code === code);
}

const isKnownCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, code);

/** The error for a non-success answer: its problem body when it has a valid one with a known code. */
export async function errorFromResponse(response: Response): Promise<AuthClientError> {
  const text = await response.text().catch(() => '');
  const retryHeader = Number(response.headers.get('retry-after'));
  const retryAfter =
    Number.isFinite(retryHeader) && retryHeader >= 0 && response.headers.has('retry-after') ? retryHeader : undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const problem = problemSchema.safeParse(parsed);
  if (problem.success && isKnownCode(problem.data.code)) {
    return new AuthClientError(response.status, problem.data.code, problem.data.detail, {
      problem: problem.data,
      retryAfter,
    });
  }
  return new AuthClientError(response.status, 'unexpected_response', `HTTP ${response.status} without a problem body`, {
    retryAfter,
  });
}
