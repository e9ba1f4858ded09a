// The admins' app routes (module `integrations`): the platform's apps, which sign people in and act
// for them by OAuth 2.1 and OpenID Connect, registered with their redirect URIs and scopes.
import { pageQuery } from './administration-schemas';
import { appPage, appSecret, appWithSecret, app, createAppRequest, updateAppRequest } from './app-schemas';
import { BODY_ERRORS, route } from './route';

const BEARER = { role: 'admin', auth: 'bearer' } as const;
const GUARDED = ['invalid_token', 'forbidden'] as const;
const base = '/admin/apps';
const one = `${base}/{appId}`;

export const appRoutes = {
  createApp: route({
    ...BEARER,
    methods: ['POST'],
    path: base,
    body: createAppRequest,
    result: appWithSecret,
    resultStatuses: [201],
    errors: [...GUARDED, ...BODY_ERRORS],
    summary: 'Register an app',
    description:
      'An OAuth 2.1 / OpenID Connect client of this service: its `client_id`, and for a confidential app a `client_secret`, in this answer only. Redirect URIs are matched exactly. Needs the `integrations` module.',
  }),
  listApps: route({
    ...BEARER,
    methods: ['GET'],
    path: base,
    body: undefined,
    query: pageQuery,
    result: appPage,
    resultStatuses: [200],
    errors: [...GUARDED, 'validation_failed'],
    summary: 'Apps',
    description: 'Every registered app, oldest first; never a secret.',
  }),
  getApp: route({
    ...BEARER,
    methods: ['GET'],
    path: one,
    body: undefined,
    result: app,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'One app',
    description: 'The app as registered; never its secret.',
  }),
  updateApp: route({
    ...BEARER,
    methods: ['PATCH'],
    path: one,
    body: updateAppRequest,
    result: app,
    resultStatuses: [200],
    errors: [...GUARDED, ...BODY_ERRORS, 'not_found'],
    summary: 'Change an app',
    description:
      'Its name, redirect URIs, scopes, homepage or first-party mark; the fields sent change, the others stay. Its type and client id never change.',
  }),
  rotateAppSecret: route({
    ...BEARER,
    methods: ['POST'],
    path: `${one}/secret`,
    body: undefined,
    result: appSecret,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found', 'conflict'],
    summary: "Rotate an app's secret",
    description:
      'A new secret for a confidential app, shown this once; the previous one keeps working for SERVICE_SECRET_OVERLAP (24 hours by default). A public app has no secret: 409 `conflict`.',
  }),
  deleteApp: route({
    ...BEARER,
    methods: ['DELETE'],
    path: one,
    body: undefined,
    result: undefined,
    resultStatuses: [204],
    errors: [...GUARDED, 'not_found'],
    summary: 'Remove an app',
    description: 'Its credentials stop working at once, and every grant and token it holds ends.',
  }),
};
