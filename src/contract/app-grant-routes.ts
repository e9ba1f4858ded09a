// The apps a person authorized, at /auth/<role>/apps (vendor staff and customers), and a business's
// staff's grants at /vendor/apps for those who manage its staff (module `staff`).
import { connectedApps, staffConnectedApps } from './app-grant-schemas';
import { route } from './route';

/** The caller's own connected apps. */
export function ownAppRoutes<Base extends string, R extends 'vendor' | 'customer'>(base: Base, role: R) {
  const BEARER = { role, auth: 'bearer', body: undefined } as const;
  return {
    listOwnApps: route({
      ...BEARER,
      methods: ['GET'],
      path: `${base}/apps`,
      result: connectedApps,
      resultStatuses: [200],
      errors: ['invalid_token'],
      summary: 'Your connected apps',
      description: 'The apps you authorized: the scopes granted, when, and when each last got a token.',
    }),
    endOwnApp: route({
      ...BEARER,
      methods: ['DELETE'],
      path: `${base}/apps/{clientId}`,
      result: undefined,
      resultStatuses: [204],
      errors: ['invalid_token', 'not_found'],
      summary: 'Disconnect an app',
      description:
        "Ends your grant of the app: its refresh tokens stop at once, and the platform's services refuse its access tokens within a second (the revocation feed's `grant` entry).",
    }),
  };
}

const STAFF = { role: 'vendor', auth: 'bearer', body: undefined } as const;

export const staffAppRoutes = {
  listStaffApps: route({
    ...STAFF,
    methods: ['GET'],
    path: '/vendor/apps',
    result: staffConnectedApps,
    resultStatuses: [200],
    errors: ['invalid_token', 'forbidden'],
    summary: "Your staff's connected apps",
    description: 'The apps each account of the business authorized. Needs the `staff` module.',
  }),
  endStaffApp: route({
    ...STAFF,
    methods: ['DELETE'],
    path: '/vendor/apps/{accountId}/{clientId}',
    result: undefined,
    resultStatuses: [204],
    errors: ['invalid_token', 'forbidden', 'not_found'],
    summary: "Disconnect a staff member's app",
    description:
      "Ends the staff member's grant of the app, as they could themselves. Needs the `staff` module with `write`.",
  }),
};
