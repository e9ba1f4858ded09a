// The wire contract of the apps a person authorized: each app with the scopes granted, when, and
// when it last used the grant; for those who manage a business's staff, whose grant it is.
import { z } from 'zod';

export const connectedApp = z.object({
  client_id: z.string().meta({ description: 'The app; `DELETE …/apps/<client_id>` ends its grant.' }),
  name: z.string().meta({ description: "The app's name." }),
  homepage_url: z.string().nullable(),
  scopes: z.array(z.string()).meta({ description: 'The scopes granted to it.' }),
  granted_at: z.string().meta({ description: 'When it was first authorized.' }),
  last_used_at: z.string().meta({ description: 'When it last got a token (a code exchanged, a refresh).' }),
});
export type ConnectedApp = z.infer<typeof connectedApp>;

export const staffConnectedApp = connectedApp.extend({
  account_id: z.string().meta({ description: 'The staff member who authorized it.' }),
  email: z.string(),
});
export type StaffConnectedApp = z.infer<typeof staffConnectedApp>;

export const connectedApps = z.object({ items: z.array(connectedApp).meta({ description: 'Newest grant first.' }) });
export const staffConnectedApps = z.object({
  items: z.array(staffConnectedApp).meta({ description: 'Newest grant first.' }),
});
