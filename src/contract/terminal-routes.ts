// The routes of POS terminals: pairing a device (vendor and admin administration), the device's own
// routes under /auth/terminal (authenticated by its credential, X-Terminal-Token), and staff PINs.
import type { Role } from './auth-schemas';
import { BODY_ERRORS, route } from './route';
import {
  clearPinRequest,
  pairingCodeResponse,
  pairRequest,
  pairResponse,
  pinLoginRequest,
  pinLoginResponse,
  setPinRequest,
  terminalStaffResponse,
} from './terminal-schemas';

/** Past the token: the module guard, or a PIN session's need to sign in with the password. */
const guarded = ['invalid_token', 'forbidden', 'step_up_required', 'not_found'] as const;

/** Pairing codes, unpairing and clearing a PIN: `…` is /vendor or /admin/vendors/{vendorId}. */
function pairingRoutes<Base extends string>(base: Base, role: Role) {
  return {
    createPairingCode: route({
      role,
      methods: ['POST'],
      path: `${base}/stores/{storeId}/terminals/{terminalId}/pairing`,
      auth: 'bearer',
      body: undefined,
      result: pairingCodeResponse,
      resultStatuses: [201],
      errors: [...guarded],
      summary: 'A code to pair a device with a POS terminal',
      description:
        'Single use, valid PAIRING_CODE_TTL. The device sends it to /auth/terminal/pair. Owners, employees with stores:write assigned to the store, admins with vendors:write.',
    }),
    revokePairing: route({
      role,
      methods: ['DELETE'],
      path: `${base}/terminals/{terminalId}/pairing`,
      auth: 'bearer',
      body: undefined,
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded],
      summary: 'Unpair the device of a POS terminal',
      description: 'Its credential stops working and every session started on the terminal ends.',
    }),
    clearStaffPin: route({
      role,
      methods: ['DELETE'],
      path: `${base}/accounts/{accountId}/pin`,
      auth: 'bearer',
      body: undefined,
      result: undefined,
      resultStatuses: [204],
      errors: [...guarded],
      summary: "Clear a staff member's PIN",
      description:
        'The account can no longer switch in at a terminal until it sets a new PIN; this also lifts a PIN lock.',
    }),
  };
}

export const terminalAdministrationRoutes = {
  admin: pairingRoutes('/admin/vendors/{vendorId}', 'admin'),
  vendor: pairingRoutes('/vendor', 'vendor'),
};

const TERMINAL = { role: 'vendor', auth: 'terminal' } as const;

export const terminalRoutes = {
  admin: terminalAdministrationRoutes.admin,
  vendor: {
    ...terminalAdministrationRoutes.vendor,
    setPin: route({
      role: 'vendor',
      methods: ['PUT'],
      path: '/auth/vendor/pin',
      auth: 'bearer',
      body: setPinRequest,
      result: undefined,
      resultStatuses: [204],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'rate_limited', 'step_up_required'],
      summary: 'Set your POS PIN',
      description:
        '6 digits; all-equal digits, ascending or descending runs and the most common PINs are 400. Needs your current password.',
    }),
    clearPin: route({
      role: 'vendor',
      methods: ['DELETE'],
      path: '/auth/vendor/pin',
      auth: 'bearer',
      body: clearPinRequest,
      result: undefined,
      resultStatuses: [204],
      errors: [...BODY_ERRORS, 'invalid_token', 'invalid_credentials', 'rate_limited', 'step_up_required'],
      summary: 'Clear your POS PIN',
      description: 'Needs your current password.',
    }),
  },
  terminal: {
    pair: route({
      role: 'vendor',
      methods: ['POST'],
      path: '/auth/terminal/pair',
      auth: 'none',
      body: pairRequest,
      result: pairResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_code'],
      summary: 'Pair this device with a POS terminal',
      description:
        "A valid, unused pairing code for the terminal credential. Pairing again replaces the terminal's earlier credential and ends its sessions.",
    }),
    staff: route({
      ...TERMINAL,
      methods: ['GET'],
      path: '/auth/terminal/staff',
      body: undefined,
      result: terminalStaffResponse,
      resultStatuses: [200],
      errors: ['invalid_terminal_token'],
      summary: 'Who can switch in at this terminal',
      description: "The enabled accounts that may work at the terminal's store and have a PIN: id and name only.",
    }),
    pinLogin: route({
      ...TERMINAL,
      methods: ['POST'],
      path: '/auth/terminal/pin-login',
      body: pinLoginRequest,
      result: pinLoginResponse,
      resultStatuses: [200],
      errors: [...BODY_ERRORS, 'invalid_terminal_token', 'invalid_credentials', 'rate_limited'],
      summary: 'Switch user with a PIN',
      description:
        'The vendor login response. The session does POS work only (amr ["pin"], terminal_id), ends within PIN_SESSION_MAX_AGE, and sees only this terminal. Every wrong case is the same 401.',
    }),
  },
};
