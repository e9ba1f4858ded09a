// Demo accounts for a first start on an empty database outside production (staff of every kind and
// a verified customer), printed once.
import { randomBytes } from 'node:crypto';
import type { Container } from './container';

const demoPassword = () => `demo-${randomBytes(9).toString('base64url')}`;

/** Creates the demo accounts when no admin exists yet; returns their credentials, or null. */
export async function createDemoAccounts(container: Container) {
  const { auth } = container;
  if (await auth.operator.hasAdmins()) return null;
  const passwords = {
    admin: demoPassword(),
    owner: demoPassword(),
    employee: demoPassword(),
    customer: demoPassword(),
  };
  const admin = await auth.operator.createAdmin({
    email: 'admin@example.com',
    password: passwords.admin,
    name: 'Demo Super Admin',
    admin_type: 'super_admin',
  });
  const { vendor, owner } = await auth.operator.createVendor({
    name: 'Demo Corner Shop',
    owner_email: 'owner@example.com',
    owner_password: passwords.owner,
    owner_name: 'Demo Owner',
  });
  const store = await auth.operator.createStore(vendor.id, { name: 'High Street' });
  const terminal = await auth.operator.createTerminal(store.id, { name: 'Till 1' });
  const employee = await auth.operator.createEmployee({
    vendor_id: vendor.id,
    email: 'cashier@example.com',
    password: passwords.employee,
    name: 'Demo Cashier',
    modules: ['orders'],
    module_permissions: { orders: ['read'] },
    store_ids: [store.id],
  });
  const customer = await auth.operator.createCustomer({
    email: 'shopper@example.com',
    password: passwords.customer,
    name: 'Demo Shopper',
  });
  return {
    admin: { email: admin.email, password: passwords.admin, role: 'admin', type: 'super_admin' },
    owner: { email: owner.email, password: passwords.owner, role: 'vendor', type: 'owner' },
    employee: { email: employee.email, password: passwords.employee, role: 'vendor', type: 'employee' },
    customer: { email: customer.email, password: passwords.customer, role: 'customer' },
    store: { id: store.id, name: store.name, terminal: terminal.name },
  };
}
