// The typed client's customer calls that need no token or change the stored pair: a guest session,
// registration, resend, sign-in codes (whose verification stores the pair like a login) and account
// deletion.
import { ROUTES } from '../contract/routes';
import type { SessionKeeper } from './session';
import type { TokenStore } from './token-store';
import type { BodyOf, ResultOf, Transport } from './transport';

type CustomerRoutes = typeof ROUTES.customer;

export function customerApi(send: Transport['send'], store: TokenStore, session: SessionKeeper) {
  const routes = ROUTES.customer;
  /** Sends a code verification and stores the pair it signs in with. A 401 here is a wrong code, never a refresh. */
  async function signedIn<K extends 'verifyRegistration' | 'verifyLoginCode'>(key: K, body: BodyOf<CustomerRoutes[K]>) {
    const result = await send<CustomerRoutes[K]>(routes[key], { body });
    const pair = result as ResultOf<CustomerRoutes['verifyLoginCode']>; // both answer the pair and the profile
    await store.set('customer', { access_token: pair.access_token, refresh_token: pair.refresh_token });
    return pair;
  }
  return {
    /**
     * Starts a guest session and stores its pair as the customer's (`me` then answers `{id, guest: true}`).
     * Pass its `refresh_token` as `guest_token` when the shopper signs up or in, to link the guest.
     */
    async startGuest() {
      const pair = await send<CustomerRoutes['startGuest']>(routes.startGuest, {});
      await store.set('customer', { access_token: pair.access_token, refresh_token: pair.refresh_token });
      return pair;
    },
    /** The generic answer, whether or not the e-mail is taken; the code arrives by mail. */
    register: (body: BodyOf<CustomerRoutes['register']>) => send(routes.register, { body }),
    resendRegistration: (body: BodyOf<CustomerRoutes['resendRegistration']>) =>
      send(routes.resendRegistration, { body }),
    verifyRegistration: (body: BodyOf<CustomerRoutes['verifyRegistration']>) => signedIn('verifyRegistration', body),
    requestLoginCode: (body: BodyOf<CustomerRoutes['requestLoginCode']>) => send(routes.requestLoginCode, { body }),
    verifyLoginCode: (body: BodyOf<CustomerRoutes['verifyLoginCode']>) => signedIn('verifyLoginCode', body),
    /** Deletes the signed-in account and forgets its tokens here. */
    async deleteMe(body: BodyOf<CustomerRoutes['deleteMe']>): Promise<void> {
      await session.sendAuthenticated('customer', routes.deleteMe, { body });
      await store.clear('customer');
    },
  };
}
