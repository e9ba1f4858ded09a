// Customers as admins with the `customers` module see them: list and search, view, disable and
// enable (disabling ends every session at once). Their sessions are in session-administration.ts.
import { customerListQuery, type customerAccount } from '../../contract/customer-schemas';
import type { z } from 'zod';
import { AuthError } from '../auth-error';
import { pageFrom, pageRequestOf } from '../paging';
import type { AccountRecord } from '../ports';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import { auditEntry, causeOf, subjectOf } from './audit';
import type { Principal } from './principal';
import { customerProfileOf } from './profiles';

const customerView = (account: AccountRecord): z.infer<typeof customerAccount> => ({
  ...customerProfileOf(account),
  disabled: account.disabled,
});

export function createCustomerAdministration({
  accounts,
  customers,
  clock,
}: Pick<ServiceDeps, 'accounts' | 'customers' | 'clock'>) {
  async function target(id: string) {
    const customer = await accounts.findById('customer', id);
    if (!customer) throw new AuthError('not_found', 'No such customer.');
    return customer;
  }

  async function setDisabled(principal: Principal, id: string, disabled: boolean) {
    allowed(principal, disabled ? 'disableCustomer' : 'enableCustomer');
    const customer = await target(id);
    const audit = auditEntry(
      disabled ? 'account_disabled' : 'account_enabled',
      subjectOf(customer),
      causeOf(principal),
    );
    await accounts.setDisabled('customer', customer.id, disabled, clock.now(), audit);
    return customerView(await target(id));
  }

  return {
    async listCustomers(principal: Principal, query: unknown) {
      allowed(principal, 'listCustomers');
      const { query: text } = parseInput(customerListQuery, query ?? {});
      const page = pageRequestOf(Object.fromEntries(Object.entries(query ?? {}).filter(([key]) => key !== 'query')));
      return pageFrom(await customers.list(text || undefined, page), page, customerView);
    },

    async getCustomer(principal: Principal, id: string) {
      allowed(principal, 'getCustomer');
      return customerView(await target(id));
    },

    disableCustomer: (principal: Principal, id: string) => setDisabled(principal, id, true),
    enableCustomer: (principal: Principal, id: string) => setDisabled(principal, id, false),
  };
}
