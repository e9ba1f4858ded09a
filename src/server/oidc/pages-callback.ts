// The pages' callback from every OpenID provider (GET with the answer in the query, or Apple's
// form POST): it finishes the flow this browser started and goes on to /account, signed in the
// way the pages' other sign-ins are (refresh token and device marker in their cookies, a guest
// session it started from linked), or back to
// the page it came from with the reason it failed.
import { AuthError } from '@/core/auth-error';
import { PAGES_CALLBACK_PATH } from '@/core/oidc-config';
import { createContext } from '../trpc/context';
import { sessionIntoCookies, signInClientOf } from '../trpc/routers/cookie-procedures';
import { guestAtCallback } from '../trpc/guest-cookie';
import { spendBrowserBinding } from './browser-binding';

const ANSWER_MAX_BYTES = 16 * 1024;
/** Refusals the sign-in page words on their own; any other is "did not complete, start again". */
const WORDED = new Set([
  'link_required',
  'email_not_verified',
  'provider_unavailable',
  'account_disabled',
  'identity_in_use',
]);

const seeOther = (location: string, headers = new Headers()) => {
  headers.set('location', location);
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 303, headers });
};

/** Apple posts its answer: it is passed on as a GET, so the binding cookie (SameSite=Lax) comes along. */
async function formPostToQuery(req: Request): Promise<Response> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  const text = declared > ANSWER_MAX_BYTES ? '' : await req.text();
  const params = new URLSearchParams(text.length > ANSWER_MAX_BYTES ? '' : text);
  const kept = new URLSearchParams(
    ['code', 'state', 'iss', 'error'].flatMap((key) => (params.has(key) ? [[key, params.get(key)!]] : [])),
  );
  return seeOther(`${PAGES_CALLBACK_PATH}?${kept}`);
}

export async function pagesCallback(req: Request): Promise<Response> {
  if (req.method === 'POST') return formPostToQuery(req);
  const headers = new Headers();
  const ctx = createContext({ req, resHeaders: headers });
  const query = new URL(req.url).searchParams;
  const browserHash = spendBrowserBinding(ctx);
  const [code, state, iss] = [query.get('code'), query.get('state'), query.get('iss') ?? undefined];
  try {
    // A refusal at the provider (the customer cancelled) comes back without a code.
    if (!code || !state || code.length > 2048 || state.length > 256 || !browserHash)
      throw new AuthError('invalid_state');
    const finished = await ctx.auth.oidc.browserCallback(
      { code, state, iss },
      { client: signInClientOf(ctx, 'customer'), browserHash, guestToken: guestAtCallback(ctx) },
    );
    if (finished.signedIn) {
      sessionIntoCookies(ctx, 'customer', finished.signedIn);
      return seeOther('/account', headers);
    }
    return seeOther(`/account?linked=${encodeURIComponent(finished.provider)}`, headers);
  } catch (error) {
    const known = error instanceof AuthError ? error : await ctx.fault(error, 'oidc-callback');
    ctx.logger.info({ event: 'oidc_pages_callback_refused', reason: known.code }, 'provider sign-in refused');
    return seeOther(`/account/login?reason=oidc_${WORDED.has(known.code) ? known.code : 'failed'}`, headers);
  }
}
