// The OpenID providers customers may sign in with, read from OIDC_PROVIDERS and the OIDC_<NAME>_*
// variables of each name; `google` and `apple` know their issuers. Checked once at start-up.
import ipaddr from 'ipaddr.js';

export interface AppleClientSecret {
  keyId: string;
  teamId: string;
  /** The PKCS#8 PEM of the key Apple issued (ES256). */
  privateKey: string;
}

export interface OidcProviderConfig {
  /** The name in paths and in OIDC_PROVIDERS (`google`, `apple`, `acme`). */
  name: string;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Absent for Apple, whose secret is a JWT made from `apple`. */
  clientSecret?: string;
  apple?: AppleClientSecret;
  /** The scopes asked for: the e-mail and the name. */
  scope: string;
  /** Apple answers with a form POST when the name or e-mail is asked for. */
  responseMode?: 'form_post';
}

interface Preset {
  issuer: string;
  displayName: string;
  scope: string;
  responseMode?: 'form_post';
}

export const PROVIDER_PRESETS: Record<string, Preset> = {
  google: { issuer: 'https://accounts.google.com', displayName: 'Google', scope: 'openid email profile' },
  apple: {
    issuer: 'https://appleid.apple.com',
    displayName: 'Apple',
    scope: 'openid email name',
    responseMode: 'form_post',
  },
};

/**
 * Where the bundled pages receive a provider's answer (a GET, or Apple's form POST); always an accepted redirect URI.
 */
export const PAGES_CALLBACK_PATH = '/account/oidc/callback';

const NAME = /^[a-z][a-z0-9]{0,29}$/;

/** Whether `hostname` is this machine: an http issuer is accepted there outside production. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  try {
    const address = ipaddr.parse(host);
    const v4 =
      address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
        ? (address as ipaddr.IPv6).toIPv4Address()
        : address;
    return v4.range() === 'loopback';
  } catch {
    return false;
  }
}

/** The issuer as a URL, or why it is refused: production takes https only, development also http on loopback. */
export function checkIssuer(value: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production && isLoopbackHost(url.hostname)) return null;
  return production ? 'must be an https URL' : 'must be an https URL (or http on loopback outside production)';
}

/** Every configured provider, or the list of what is wrong with the variables. */
export function parseOidcProviders(
  env: Record<string, string | undefined>,
  production: boolean,
): { providers: OidcProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const providers: OidcProviderConfig[] = [];
  for (const name of new Set(names)) {
    if (!NAME.test(name)) {
      problems.push(`OIDC_PROVIDERS: "${name}" must be lower-case letters and digits, starting with a letter`);
      continue;
    }
    const prefix = `OIDC_${name.toUpperCase()}_`;
    const read = (key: string) => env[`${prefix}${key}`]?.trim() || undefined;
    const preset = PROVIDER_PRESETS[name];
    const issuer = read('ISSUER') ?? preset?.issuer;
    const clientId = read('CLIENT_ID');
    const missing = (key: string) => problems.push(`${prefix}${key} is required for the provider "${name}"`);
    if (!issuer) missing('ISSUER');
    else {
      const refusal = checkIssuer(issuer, production);
      if (refusal) problems.push(`${prefix}ISSUER ${refusal}`);
    }
    if (!clientId) missing('CLIENT_ID');
    let apple: AppleClientSecret | undefined;
    const clientSecret = read('CLIENT_SECRET');
    if (name === 'apple' && !clientSecret) {
      const [keyId, teamId, privateKey] = [read('KEY_ID'), read('TEAM_ID'), read('PRIVATE_KEY')?.replace(/\\n/g, '\n')];
      if (!keyId) missing('KEY_ID');
      if (!teamId) missing('TEAM_ID');
      if (!privateKey) missing('PRIVATE_KEY');
      if (keyId && teamId && privateKey) apple = { keyId, teamId, privateKey };
    } else if (!clientSecret) missing('CLIENT_SECRET');
    if (!issuer || !clientId) continue;
    providers.push({
      name,
      displayName: read('DISPLAY_NAME') ?? preset?.displayName ?? name,
      issuer,
      clientId,
      clientSecret,
      apple,
      scope: preset?.scope ?? 'openid email profile',
      responseMode: preset?.responseMode,
    });
  }
  return { providers, problems };
}

/** OIDC_REDIRECT_URIS: the absolute URLs outside apps may name as `redirect_uri`. */
export function parseRedirectUris(value: string | undefined): { uris: string[]; problems: string[] } {
  const uris: string[] = [];
  const problems: string[] = [];
  for (const raw of (value ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(raw);
      if (url.hash || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) throw new Error('no');
      uris.push(raw);
    } catch {
      problems.push(`OIDC_REDIRECT_URIS: "${raw}" is not an absolute URL without a fragment`);
    }
  }
  return { uris, problems };
}
