// The authorization server's own pages, rendered on the server: the consent page (the app, its
// homepage, each scope in plain words, the business for staff) and the error page shown instead of
// a redirect. Neither can be framed, and neither runs script.
import { createHash } from 'node:crypto';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}' +
  'main{max-width:30rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}' +
  'h1{font-size:1.4rem;margin-top:0}ul{padding-left:1.2rem}.actions{display:flex;gap:1rem;margin-top:1.5rem}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1d2330;background:#fff;cursor:pointer}' +
  'button[value=allow]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}@media(max-width:480px){main{margin:0;border-radius:0}}';

/** The headers of every page here: no framing (clickjacking of the consent), no script, no caching. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // No form-action: the consent's answer redirects on to the app's own address.
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderProblemPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

const MODULE_WORDS: Record<string, string> = {
  orders: 'orders',
  catalogue: 'products in the catalogue',
  pos: 'tills and point-of-sale work',
  stores: 'stores',
  reports: 'reports',
  staff: 'staff accounts',
};
const ACTION_WORDS: Record<string, string> = { read: 'See', write: 'Create and change', delete: 'Delete' };
const IDENTITY_WORDS: Record<string, string> = {
  openid: 'Know who you are on this platform',
  profile: 'See your name',
  email: 'See your e-mail address and whether it is confirmed',
  offline_access: 'Keep access while you are away, until you end the connection',
};

/** A scope in plain words: `orders:read` is "See the business's orders". */
export function scopeInWords(scope: string, business?: string): string {
  if (IDENTITY_WORDS[scope]) return IDENTITY_WORDS[scope];
  const [module = '', action = ''] = scope.split(':');
  const whose = business ? `${business}'s` : "the business's";
  return `${ACTION_WORDS[action] ?? action} ${whose} ${MODULE_WORDS[module] ?? module}`;
}

export interface ConsentView {
  uid: string;
  appName: string;
  homepage?: string;
  /** The app registered itself (RFC 7591): nobody at the platform has looked at it. */
  registered?: boolean;
  personName: string;
  business?: string;
  scopes: string[];
}

export function renderConsentPage(view: ConsentView): string {
  const homepage = view.homepage
    ? `<p>Its homepage: <a href="${escapeHtml(view.homepage)}" rel="noopener noreferrer">${escapeHtml(view.homepage)}</a></p>`
    : '';
  const unreviewed = view.registered
    ? '<p><strong>This app registered itself:</strong> the platform has not reviewed it, and its name is its own choice. Allow it only if you started this from an app you trust.</p>'
    : '';
  const business = view.business ? `<p>For the business <strong>${escapeHtml(view.business)}</strong>.</p>` : '';
  const items = view.scopes.map((s) => `<li>${escapeHtml(scopeInWords(s, view.business))}</li>`).join('');
  const title = `Allow ${view.appName}?`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>Signed in as ${escapeHtml(view.personName)}. <strong>${escapeHtml(view.appName)}</strong> asks to:</p>
<ul>${items}</ul>${business}${homepage}${unreviewed}
<form method="post" action="/oauth/interaction/${escapeHtml(view.uid)}/consent">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>
<p>You can end this connection at any time.</p>`,
  );
}
