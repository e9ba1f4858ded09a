// One HTTP exchange of a contract route: builds the request, checks the answer against the route's
// schema and turns failures into AuthClientError. Knows nothing of tokens beyond the header.
import type { z } from 'zod';
import { challengeOf, MAX_SOLVED, solved } from './challenge-solver';
import type { ChallengeAnswer } from '../contract/challenge-schemas';
import { AuthClientError, errorFromResponse } from './client-error';
import type { ParamsOf, RestRoute } from '../contract/route';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The request body a route takes, as a caller writes it (before the server trims or lower-cases). */
export type BodyOf<R extends RestRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
/** What a route answers with on success; void for 204 routes. */
export type ResultOf<R extends RestRoute> = R['result'] extends z.ZodType ? z.output<R['result']> : void;

/**
 * What a call of `R` takes besides the token: its path parameters, query and body, each only where the route has one.
 */
export type InputOf<R extends RestRoute> = ([ParamsOf<R['path']>] extends [never]
  ? unknown
  : { params: Record<ParamsOf<R['path']>, string> }) &
  (R['query'] extends z.ZodType ? { query?: z.input<R['query']> } : unknown) &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : unknown);

export interface SendOptions {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  accessToken?: string;
  /** Sent as X-Device-Id (the device marker of an earlier sign-in). */
  deviceId?: string;
  /** A paired POS terminal's credential, for the terminal routes. */
  terminalToken?: string;
}

export interface Transport {
  send: <R extends RestRoute>(route: R, options?: SendOptions) => Promise<ResultOf<R>>;
}

/** The request URL: path parameters encoded into their segments, defined query values appended. */
export function urlOf(
  apiRoot: string,
  route: RestRoute,
  params: Record<string, string> = {},
  query: Record<string, unknown> = {},
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`${route.path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null)
      search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const queryString = search.toString();
  return `${apiRoot}${path}${queryString ? `?${queryString}` : ''}`;
}

export interface TransportOptions {
  /** Solve a proof-of-work challenge the service asks for and send the call again (default true). */
  solveChallenges?: boolean;
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

export function createTransport(apiRoot: string, fetchImpl: FetchLike, settings: TransportOptions = {}): Transport {
  const solving = settings.solveChallenges ?? true;

  async function sendOnce<R extends RestRoute>(route: R, options: SendOptions): Promise<ResultOf<R>> {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (options.deviceId) headers['x-device-id'] = options.deviceId;
    if (options.terminalToken) headers['x-terminal-token'] = options.terminalToken;
    const response = await fetchImpl(urlOf(apiRoot, route, options.params, options.query), {
      method: route.methods[0],
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!route.resultStatuses.includes(response.status)) throw await errorFromResponse(response);
    if (route.result === undefined) {
      await response.body?.cancel().catch(() => undefined);
      return undefined as ResultOf<R>;
    }
    return parseResult(route.result, response) as Promise<ResultOf<R>>;
  }

  return {
    // Under attack the service asks the guarded routes (sign-up, codes, sign-in) for a solved challenge.
    async send(route, options = {}) {
      let body: unknown = options.body;
      for (let solutions = 0; ; solutions++) {
        try {
          return await sendOnce(route, { ...options, body });
        } catch (error) {
          const challenge = solving && solutions < MAX_SOLVED && isObject(body) ? challengeOf(error) : undefined;
          const answer: ChallengeAnswer | undefined = challenge && (await solved(challenge));
          if (!answer || !isObject(body)) throw error;
          body = { ...body, challenge: answer };
        }
      }
    },
  };
}

/** A body that does not match the contract is an error, so the typed result is never a lie. */
async function parseResult(schema: z.ZodType, response: Response): Promise<unknown> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new AuthClientError(
      response.status,
      'unexpected_response',
      `HTTP ${response.status} with a body that is not JSON`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || 'body').join(', ');
    throw new AuthClientError(
      response.status,
      'unexpected_response',
      `The answer does not match the contract at ${where}`,
    );
  }
  return parsed.data;
}
