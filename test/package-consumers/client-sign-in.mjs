// A script of an outside caller (a POS terminal's, say): plain Node, the client installed from its
// package, its session kept in a file. Prints one JSON line of what happened.
import { readFile } from 'node:fs/promises';
import { createAuthClient, isAuthClientError } from '@commerce-auth/client';
import { fileTokenStore } from '@commerce-auth/client/file-token-store';

const { AUTH_API_URL, EMAIL, PASSWORD, TOKEN_FILE } = process.env;
const client = createAuthClient({ baseUrl: AUTH_API_URL, tokenStore: fileTokenStore(TOKEN_FILE) });

let refusal;
try {
  await client.vendor.login({ email: EMAIL, password: `${PASSWORD}-wrong` });
} catch (error) {
  refusal = isAuthClientError(error) ? { status: error.status, code: error.code } : String(error);
}

const signedIn = await client.vendor.login({ email: EMAIL, password: PASSWORD });
const { vendor } = await client.vendor.me();
const stored = JSON.parse(await readFile(TOKEN_FILE, 'utf8'));
console.log(
  JSON.stringify({
    node: process.versions.node,
    apiRoot: client.apiRoot,
    refusal,
    email: vendor.email,
    storedIsTheSignIn: stored.vendor.access_token === signedIn.access_token,
  }),
);
