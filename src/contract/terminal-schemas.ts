// The wire contract of POS terminals in zod: pairing a device, the staff list, PIN sign-in and PINs.
import { z } from 'zod';
import { currentPasswordSchema, idSchema, vendorLoginResponse } from './auth-schemas';

/** The pairing alphabet: no 0/O, 1/I/L, 2/Z, 5/S or 8/B, so a code read off a screen is typed right. */
export const PAIRING_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const PAIRING_CODE_LENGTH = 8;
export const PIN_LENGTH = 6;

export const pairingCode = z
  .string()
  .trim()
  .max(PAIRING_CODE_LENGTH)
  .toUpperCase()
  .regex(
    new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`),
    `must be the ${PAIRING_CODE_LENGTH}-character pairing code`,
  )
  .meta({ description: `${PAIRING_CODE_LENGTH} characters from ${PAIRING_ALPHABET}; case does not matter.` });

export const pinSchema = z
  .string()
  .max(PIN_LENGTH)
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `must be ${PIN_LENGTH} digits`)
  .meta({
    description: `${PIN_LENGTH} digits; all-equal digits, runs such as 123456 and the most common PINs are refused.`,
  });

// Requests
export const pairRequest = z.object({ code: pairingCode });
export const pinLoginRequest = z.object({ account_id: idSchema, pin: z.string().max(64) });
export const setPinRequest = z.object({ current_password: currentPasswordSchema, pin: pinSchema });
export const clearPinRequest = z.object({ current_password: currentPasswordSchema });

// Responses
export const pairingCodeResponse = z.object({
  code: z.string(),
  expires_in: z.number().int().min(0).max(2_147_483_647).meta({ description: 'Seconds until the code expires.' }),
});
export const pairedTerminal = z.object({
  id: z.string(),
  name: z.string(),
  store_id: z.string(),
  vendor_id: z.string(),
});
export const pairResponse = z.object({
  terminal_token: z.string().meta({
    description:
      'The device credential: send it as X-Terminal-Token. It does not expire; pairing again or unpairing ends it.',
  }),
  terminal: pairedTerminal,
});
export const terminalStaffResponse = z.object({
  terminal: pairedTerminal,
  staff: z.array(z.object({ account_id: z.string(), name: z.string() })),
});

export type PairedTerminal = z.infer<typeof pairedTerminal>;
export type PinLoginRequest = z.infer<typeof pinLoginRequest>;

/** A PIN sign-in answers as a vendor login, without a device marker: the till is known by its credential. */
export const pinLoginResponse = vendorLoginResponse.omit({ device_id: true });
