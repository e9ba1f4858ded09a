// Guest sessions on the wire: the guest's profile as `me` shows it, and the `guest_token` field that
// customers' sign-up and sign-in bodies take to link a guest to the account.
import { z } from 'zod';
import { loginRequest } from './auth-schemas';
import { customerProfile, emailCodeRequest } from './customer-schemas';
import { oidcCallbackRequest, oidcIdTokenRequest } from './identity-schemas';
import { passkeyLoginVerifyRequest } from './passkey-schemas';

/** A compact JWS's shape: anything else in the field is a malformed body, not a stale guest. */
const guestToken = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be a refresh token')
  .meta({
    description:
      "The guest session's refresh token: on success the guest is linked to the account (customer.guest_converted) and its session ends. A token of no live guest is ignored; the sign-in goes on.",
  });
export const guestTokenField = { guest_token: guestToken.optional() };

export const guestProfile = z.object({
  id: z.string().meta({ description: "The guest's id: the `sub` of its tokens." }),
  guest: z.literal(true),
});
export const customerOrGuestMeResponse = z.object({
  customer: z.union([customerProfile, guestProfile]).meta({
    description: 'The profile, or for a guest session `{id, guest: true}`.',
  }),
});

export const customerLoginRequest = loginRequest.extend(guestTokenField);
export const customerCodeSignInRequest = emailCodeRequest.extend(guestTokenField);
export const customerPasskeyLoginRequest = passkeyLoginVerifyRequest.extend(guestTokenField);
export const customerOidcCallbackRequest = oidcCallbackRequest.extend(guestTokenField);
export const customerOidcIdTokenRequest = oidcIdTokenRequest.extend(guestTokenField);

export type GuestTokenField = { guest_token?: string };
export type GuestProfile = z.infer<typeof guestProfile>;
export type CodeSignIn = z.output<typeof customerCodeSignInRequest>;
