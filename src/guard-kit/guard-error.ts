// The guard kit's refusal: the same RFC 9457 problem+json the auth service answers, ready to send
// as a Web Response or on a Node ServerResponse.
import { AuthError, problemBody } from '../core/auth-error';
import { bearerChallenge } from './resource-metadata';

export type GuardErrorCode =
  | 'invalid_token'
  | 'token_expired'
  | 'session_revoked'
  | 'module_denied'
  | 'permission_denied'
  | 'step_up_required'
  | 'invalid_approval'
  | 'unavailable';

/** The part of Node's ServerResponse a refusal is written to. */
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

export class GuardError extends AuthError {
  declare readonly code: GuardErrorCode;
  /** The request carried no token at all: its challenge names no error (RFC 6750 section 3.1). */
  readonly noToken: boolean;
  /** The service's protected resource metadata (RFC 9728), which the 401's challenge names. */
  resourceMetadata?: string;

  constructor(code: GuardErrorCode, detail?: string, options: { noToken?: boolean } = {}) {
    super(code, detail);
    this.name = 'GuardError';
    this.noToken = options.noToken ?? false;
  }

  /** The problem+json body: `{type, title, status, detail, code}`. */
  get problem() {
    return problemBody(this);
  }

  /** The answer's headers: problem+json, never cached, and the bearer challenge on a 401 (RFC 6750). */
  get headers(): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'cache-control': 'no-store' };
    if (this.status === 401)
      headers['www-authenticate'] = bearerChallenge(this.noToken ? undefined : this.code, this.resourceMetadata);
    if (this.code === 'unavailable') headers['retry-after'] = '1';
    return headers;
  }

  toResponse(): Response {
    return new Response(JSON.stringify(this.problem), { status: this.status, headers: this.headers });
  }

  /** Writes the refusal on a Node `http.ServerResponse` (or anything with writeHead and end). */
  send(response: NodeResponse): void {
    response.writeHead(this.status, this.headers);
    response.end(JSON.stringify(this.problem));
  }
}

export const isGuardError = (error: unknown): error is GuardError => error instanceof GuardError;
