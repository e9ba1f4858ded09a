// Compiled with tsc in the folder the client was installed into: its declarations resolve on their
// own and type the calls (a wrong call is an error, so they are not `any`).
import { createAuthClient, type VendorMeResponse } from '@commerce-auth/client';
import { fileTokenStore } from '@commerce-auth/client/file-token-store';

export async function emailOfMe(): Promise<string> {
  const client = createAuthClient({ baseUrl: 'http://127.0.0.1:3000', tokenStore: fileTokenStore('tokens.json') });
  // @ts-expect-error an e-mail is a string
  await client.vendor.login({ email: 42, password: 'x' });
  const me: VendorMeResponse = await client.vendor.me();
  return me.vendor.email;
}
