// A single-page app of an outside caller, built with Vite: the client from its package, the API's
// address from VITE_API_URL at build time, on an origin of its own.
import { createAuthClient, isAuthClientError } from '@commerce-auth/client';

const client = createAuthClient();
const status = document.querySelector('#status');

document.querySelector('#sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  try {
    await client.vendor.login({ email: String(form.get('email')), password: String(form.get('password')) });
    const { vendor } = await client.vendor.me();
    status.textContent = `Signed in as ${vendor.email} through ${client.apiRoot}`;
  } catch (error) {
    status.textContent = isAuthClientError(error) ? `Refused: ${error.code}` : `Failed: ${String(error)}`;
  }
});
