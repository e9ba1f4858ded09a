// A steady, bounded mixed load for tests through a load balancer: each virtual user keeps one
// signed-in session and cycles through me, refresh, vendor context, password-reset step 1 and a
// fresh sign-in, one request at a time, recording every request's start, end and outcome.
export interface LoadUser {
  role: 'admin' | 'vendor';
  email: string;
  password: string;
}

export interface LoadRequest {
  op: 'login' | 'refresh' | 'me' | 'context' | 'reset';
  user: number;
  started: number;
  ended: number;
  /** The HTTP status, or 0 when no answer came (connection reset, refused). */
  status: number;
  error?: string;
}

export interface MixedLoad {
  requests: LoadRequest[];
  /** Each user's current refresh token: the session that must survive. */
  refreshTokens: string[];
  /** Stops issuing requests and resolves once every user's last request has ended. */
  stop(): Promise<void>;
}

const OK: Record<LoadRequest['op'], number> = { login: 200, refresh: 200, me: 200, context: 200, reset: 200 };

export async function startMixedLoad(
  baseUrl: string,
  users: LoadUser[],
  options: { resetEmail: string; thinkMs?: number; maxRequests?: number },
): Promise<MixedLoad> {
  const requests: LoadRequest[] = [];
  const sessions: { access: string; refresh: string }[] = [];
  let stopping = false;

  async function send(
    op: LoadRequest['op'],
    user: number,
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ) {
    const record: LoadRequest = { op, user, started: Date.now(), ended: 0, status: 0 };
    requests.push(record);
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      record.status = res.status;
      const text = await res.text();
      if (res.status !== OK[op]) record.error = text.slice(0, 200);
      const json = (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as Record<
        string,
        string
      >;
      return res.status === OK[op] ? json : undefined;
    } catch (error) {
      record.error =
        error instanceof Error
          ? `${error.message} ${describeCause((error as { cause?: unknown }).cause)}`
          : String(error);
      return undefined;
    } finally {
      record.ended = Date.now();
    }
  }

  const signIn = async (i: number) => {
    const u = users[i]!;
    const pair = await send('login', i, 'POST', `/api/v1/auth/${u.role}/login`, {
      email: u.email,
      password: u.password,
    });
    if (pair) sessions[i] = { access: pair.access_token!, refresh: pair.refresh_token! };
  };

  async function loop(i: number) {
    const u = users[i]!;
    const base = `/api/v1/auth/${u.role}`;
    for (let step = 0; !stopping && requests.length < (options.maxRequests ?? 20_000); step++) {
      const s = sessions[i]!;
      switch (step % 6) {
        case 0:
        case 3:
          await send('me', i, 'GET', `${base}/me`, undefined, s.access);
          break;
        case 1: {
          const pair = await send('refresh', i, 'POST', `${base}/refresh`, { refresh_token: s.refresh });
          if (pair) sessions[i] = { access: pair.access_token!, refresh: pair.refresh_token! };
          break;
        }
        case 2:
          if (u.role === 'vendor') await send('context', i, 'GET', `${base}/context`, undefined, s.access);
          else await send('me', i, 'GET', `${base}/me`, undefined, s.access);
          break;
        case 4:
          await send('reset', i, 'POST', '/api/v1/auth/admin/password-reset', {
            email: options.resetEmail,
            admin_type: 'admin',
          });
          break;
        case 5:
          // A second session of the same account: the first one (kept) must stay valid.
          await send('login', i, 'POST', `${base}/login`, { email: u.email, password: u.password });
          break;
      }
      await new Promise((r) => setTimeout(r, options.thinkMs ?? 10));
    }
  }

  for (let i = 0; i < users.length; i++) await signIn(i);
  if (sessions.length !== users.length || sessions.includes(undefined as never))
    throw new Error('a load user could not sign in');
  const loops = users.map((_, i) => loop(i));
  return {
    requests,
    get refreshTokens() {
      return sessions.map((s) => s.refresh);
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/** Requests that did not get the answer their operation expects. */
export const failedRequests = (requests: LoadRequest[]) => requests.filter((r) => r.status !== OK[r.op]);

/** A fetch failure's cause in words (undici puts the socket error there). */
function describeCause(cause: unknown): string {
  if (cause === undefined || cause === null) return '';
  return cause instanceof Error ? cause.message : JSON.stringify(cause);
}
