// A software passkey authenticator for tests: an ES256 key pair from node:crypto, attestation
// "none", discoverable, always with user presence and verification; it signs what a browser would.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** The CBOR this needs (RFC 8949): maps with integer or text keys, byte strings, text, integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`no CBOR for ${typeof value}`);
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export interface SoftwareAuthenticator {
  credentialId: string;
  /** The answer to register/options, as @simplewebauthn/browser would send it. */
  register(options: { challenge: string; user: { id: string } }): object;
  /** The answer to login/options (or to any challenge, for tests of refusals). */
  assert(options: { challenge: string }, overrides?: { userVerified?: boolean; origin?: string }): object;
}

/** `origin`: the app's APP_URL, where its passkeys are bound (a test server's own address). */
export function softwareAuthenticator(origin: string): SoftwareAuthenticator {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const id = randomBytes(16);
  let counter = 0;
  let userHandle = '';

  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  const authData = (flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };
  const coseKey = () =>
    cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );

  return {
    credentialId: b64url(id),
    register(options) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const data = authData(0x45, Buffer.concat([Buffer.alloc(16), idLength, id, coseKey()]));
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    assert(options, overrides = {}) {
      counter += 1;
      const data = authData(overrides.userVerified === false ? 0x01 : 0x05);
      const client = clientData('webauthn.get', options.challenge, overrides.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
      };
    },
  };
}
