// Customers' OpenID providers and linked identities on the wire: the providers' list, starting and
// finishing a provider's code flow, a native app's ID token, and the identities of an account.
import { z } from 'zod';

const opaque = (max: number, description: string) => z.string().min(1).max(max).meta({ description });

export const providerList = z.object({
  providers: z.array(z.object({ name: z.string(), display_name: z.string() })),
});

export const oidcStartRequest = z.object({
  redirect_uri: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .meta({ description: 'Where the provider sends the customer back; one of OIDC_REDIRECT_URIS.' }),
});
export const oidcStartResponse = z.object({
  authorization_url: z
    .string()
    .meta({ description: 'Send the customer here; the provider comes back to redirect_uri with `code` and `state`.' }),
});
export const oidcCallbackRequest = z.object({
  code: opaque(2048, 'The `code` the provider sent to redirect_uri.'),
  state: opaque(256, 'The `state` the provider sent back: single use, valid 10 minutes.'),
  iss: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'The `iss` the provider sent back (RFC 9207), when it did.' }),
});
export const oidcIdTokenRequest = z.object({
  id_token: opaque(8192, "The ID token the provider's own SDK gave the app."),
  nonce: opaque(256, 'The nonce the app gave the SDK; each is accepted once.'),
});

export const identityView = z.object({
  id: z.string(),
  provider: z.string().meta({ description: "The provider's name, as GET /auth/customer/providers lists it." }),
  email: z.string().meta({ description: 'The e-mail the provider gave when it was linked.' }),
  linked_at: z.string(),
});
export const identityList = z.object({ items: z.array(identityView) });
export const identityLinked = z.object({ identity: identityView });
