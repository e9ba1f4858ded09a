// The administrators' customer routes (module `customers`): list and search, view, disable and
// enable, and the customer's sessions. Admins never see or set a customer's password.
import { pageOf, pageQuery } from './administration-schemas';
import { sessionPage } from './administration-routes';
import { customerAccount, customerListQuery } from './customer-schemas';
import { route } from './route';

export const customerAccountPage = pageOf(customerAccount);

const BEARER = { role: 'admin', auth: 'bearer', body: undefined } as const;
const GUARDED = ['invalid_token', 'forbidden'] as const;
const base = '/admin/customers';

export const customerAdministrationRoutes = {
  listCustomers: route({
    ...BEARER,
    methods: ['GET'],
    path: base,
    query: customerListQuery,
    result: customerAccountPage,
    resultStatuses: [200],
    errors: [...GUARDED, 'validation_failed'],
    summary: 'Customers',
    description:
      'Every customer, oldest first; `query` keeps those whose e-mail or name contains it. Needs the `customers` module.',
  }),
  getCustomer: route({
    ...BEARER,
    methods: ['GET'],
    path: `${base}/{customerId}`,
    result: customerAccount,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'One customer',
    description: 'The customer record; never its password.',
  }),
  disableCustomer: route({
    ...BEARER,
    methods: ['POST'],
    path: `${base}/{customerId}/disable`,
    result: customerAccount,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'Disable a customer',
    description: 'Every session of the customer ends at once and its access tokens are refused.',
  }),
  enableCustomer: route({
    ...BEARER,
    methods: ['POST'],
    path: `${base}/{customerId}/enable`,
    result: customerAccount,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found'],
    summary: 'Enable a customer',
    description: 'The customer can sign in again.',
  }),
  listCustomerSessions: route({
    ...BEARER,
    methods: ['GET'],
    path: `${base}/{customerId}/sessions`,
    query: pageQuery,
    result: sessionPage,
    resultStatuses: [200],
    errors: [...GUARDED, 'not_found', 'validation_failed'],
    summary: "A customer's sessions",
    description: 'The active sign-in sessions of the customer.',
  }),
  endCustomerSession: route({
    ...BEARER,
    methods: ['DELETE'],
    path: `${base}/{customerId}/sessions/{sessionId}`,
    result: undefined,
    resultStatuses: [204],
    errors: [...GUARDED, 'not_found'],
    summary: "End a customer's session",
    description: 'Its refresh token stops at once.',
  }),
};
