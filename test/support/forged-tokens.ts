// Tokens no verifier may accept, for fuzzing: forgeries built from real claims (alg none, HS512, a
// `kid` header, the other secret, wrong typ/iss/aud/purpose/role, expired, naming nobody) and
// mutations of real tokens (truncated, padded, malleated, re-segmented).
import { randomUUID } from 'node:crypto';
import { decodePayload, forge, unsigned } from './tokens';

export interface RealPair {
  access_token: string;
  refresh_token: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS with any header and payload and the given signature segment. */
export function handMade(header: Record<string, unknown>, payload: Record<string, unknown>, signature = ''): string {
  return `${b64(header)}.${b64(payload)}.${signature}`;
}

/** Forgeries from the claims of real tokens of both roles; each has at least one defect. */
export async function forgedTokens(pairs: Record<'admin' | 'vendor', RealPair>): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const out: Promise<string>[] = [];
  for (const role of ['admin', 'vendor'] as const) {
    const other = role === 'admin' ? 'vendor' : 'admin';
    const access = decodePayload(pairs[role].access_token);
    const refresh = decodePayload(pairs[role].refresh_token);
    const reset = { sub: access.sub, role, jti: randomUUID(), purpose: 'password_reset' };
    const [, , realSignature] = pairs[role].access_token.split('.');
    const add = (...tokens: (string | Promise<string>)[]) => out.push(...tokens.map((t) => Promise.resolve(t)));
    add(
      // alg none, with and without the expected typ, and with a real signature kept
      unsigned(access),
      handMade({ alg: 'none', typ: 'at+jwt' }, access),
      handMade({ alg: 'None', typ: 'rt+jwt' }, refresh),
      handMade({ alg: 'none', typ: 'at+jwt' }, access, realSignature),
      handMade({ typ: 'at+jwt' }, access, realSignature),
      // a stronger algorithm with the right secret is still not HS256
      forge(access, { alg: 'HS512' }),
      forge(refresh, { alg: 'HS512', secret: 'refresh', typ: 'rt+jwt' }),
      forge(reset, { alg: 'HS384', typ: 'reset+jwt' }),
      // a `kid` pointing at a file or carrying SQL, signed with a key the attacker knows
      forge(access, { kid: '../../../../../../dev/null', secret: '\0' }),
      forge(refresh, { kid: "' UNION SELECT 'key' --", secret: 'key', typ: 'rt+jwt' }),
      forge(access, { kid: 'access', secret: 'refresh' }),
      // each kind signed with the other secret
      forge(access, { secret: 'refresh' }),
      forge(refresh, { secret: 'access', typ: 'rt+jwt' }),
      forge(reset, { secret: 'refresh', typ: 'reset+jwt' }),
      // the right secret, a wrong claim
      forge(access, { iat: now - 7200, exp: now - 60 }),
      forge(refresh, { secret: 'refresh', typ: 'rt+jwt', iat: now - 7200, exp: now - 60 }),
      forge(access, { iss: 'someone-else' }),
      forge(access, { aud: 'another-audience' }),
      forge(access, { typ: 'JWT' }),
      forge(refresh, { secret: 'refresh', typ: 'at+jwt' }),
      forge({ ...access, purpose: 'refresh' }),
      forge({ ...access, purpose: 'password_reset' }, { typ: 'reset+jwt' }),
      forge({ ...access, role: other }),
      forge({ ...refresh, role: other }, { secret: 'refresh', typ: 'rt+jwt' }),
      forge({ ...access, ver: '0' }),
      forge({ ...access, ver: 999 }),
      forge({ ...refresh, fam: 42 }, { secret: 'refresh', typ: 'rt+jwt' }),
      // well signed, naming nobody: no account, no refresh-token row, no reset grant
      forge({ ...access, sub: randomUUID() }),
      forge({ ...refresh, jti: randomUUID() }, { secret: 'refresh', typ: 'rt+jwt' }),
      forge({ ...refresh, fam: randomUUID() }, { secret: 'refresh', typ: 'rt+jwt' }),
      forge(reset, { typ: 'reset+jwt' }),
      forge({ ...reset, sub: randomUUID() }, { typ: 'reset+jwt' }),
      // not JSON inside, or not a JWS at all
      `${Buffer.from('{"alg":"HS256"').toString('base64url')}.${b64(access)}.${realSignature}`,
      `${b64({ alg: 'HS256', typ: 'at+jwt' })}.${Buffer.from('not json').toString('base64url')}.${realSignature}`,
      `${b64({ alg: 'HS256', typ: 'at+jwt', crit: ['exp'] })}.${b64(access)}.${realSignature}`,
      `${b64({ alg: 'HS256', typ: 'at+jwt', b64: false, crit: ['b64'] })}.${b64(access)}.${realSignature}`,
    );
  }
  return Promise.all(out);
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Mutations of a (possibly real) token that never yield a token the server must accept: each
 * changes the signed header or payload, the signature's bytes, or the token's form.
 * `at` and `pick` are random inputs from the caller's generator.
 */
export const MUTATIONS: Record<string, (token: string, at: number, pick: number) => string> = {
  truncated: (t, at) => t.slice(0, at % t.length),
  padded: (t, _at, pick) => t + '='.repeat(1 + (pick % 3)),
  paddedPayload: (t) => t.replace(/^([^.]*)\.([^.]*)\./, '$1.$2=.'),
  // The last character of a 43-character HS256 signature carries two unused bits.
  malleated: (t) => t.slice(0, -1) + B64URL[B64URL.indexOf(t.at(-1) ?? 'A') ^ 1],
  payloadCharChanged: (t, at, pick) => {
    const [h = '', p = '', s = ''] = t.split('.');
    if (p.length === 0) return `${h}.x.${s}`;
    const i = at % p.length;
    const c = B64URL[(B64URL.indexOf(p[i]!) + 1 + (pick % 63)) % 64];
    return `${h}.${p.slice(0, i)}${c}${p.slice(i + 1)}.${s}`;
  },
  standardBase64: (t) => `${t.replace(/-/g, '+').replace(/_/g, '/')}+/`,
  noSignature: (t) => t.split('.').slice(0, 2).join('.') + '.',
  twoSegments: (t) => t.split('.').slice(0, 2).join('.'),
  extraSegment: (t) => `${t}.${t.split('.')[2] ?? ''}`,
  innerSpace: (t, at) => `${t.slice(0, 1 + (at % (t.length - 1)))} ${t.slice(1 + (at % (t.length - 1)))}`,
  upperCased: (t) => `${t.toUpperCase()}A`,
  doubled: (t) => `${t}${t}`,
  segmentsSwapped: (t) => {
    const [h = '', p = '', s = ''] = t.split('.');
    return `${p}.${h}.${s}`;
  },
};

/** `mutation` applied to `token`, guaranteed to differ from it. */
export function mutate(token: string, mutation: string, at: number, pick: number): string {
  const out = MUTATIONS[mutation]!(token, at, pick);
  return out === token ? `${token}=` : out;
}
