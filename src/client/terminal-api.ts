// The typed client's calls of a paired POS terminal: pairing the device, its staff list, and PIN
// sign-in, whose pair is stored as the vendor session (refresh-on-401 then works as after a login).
import type { TokenPair } from '../contract/auth-schemas';
import { ROUTES } from '../contract/routes';
import type { PinLoginRequest } from '../contract/terminal-schemas';
import type { TokenStore } from './token-store';
import type { Transport } from './transport';

export function terminalApi(send: Transport['send'], store: TokenStore) {
  const routes = ROUTES.terminal;
  return {
    /** Trades a pairing code for the device credential; keep `terminal_token` safe, it does not expire. */
    pair: (code: string) => send(routes.pair, { body: { code } }),
    /** Who can switch in at this terminal. */
    staff: (terminalToken: string) => send(routes.staff, { terminalToken }),
    /** Switches user with a PIN and stores the pair as the vendor session. A 401 here never refreshes. */
    async pinLogin(terminalToken: string, body: PinLoginRequest) {
      const result = await send(routes.pinLogin, { terminalToken, body });
      const pair: TokenPair = result;
      await store.set('vendor', { access_token: pair.access_token, refresh_token: pair.refresh_token });
      return result;
    },
  };
}
