// Demo accounts for a first start on an empty database outside production, printed once.
import { randomBytes } from 'node:crypto';
import type { Container } from './container';

const demoPassword = () => `demo-${randomBytes(9).toString('base64url')}`;

/** Creates the demo accounts when no admin exists yet; returns their credentials, or null. */
export async function createDemoAccounts(container: Container) {
  const { auth } = container;
  if (await auth.admin.hasAdmins()) return null;
  const passwords = { admin: demoPassword(), owner: demoPassword(), employee: demoPassword() };
  const admin = await auth.admin.createAdmin({ email: 'admin@example.com', password: passwords.admin, name: 'Demo Super Admin', type: 'super_admin' });
  const { vendor, owner } = await auth.admin.createVendor({
    name: 'Demo Corner Shop',
    ownerEmail: 'owner@example.com',
    ownerPassword: passwords.owner,
    ownerName: 'Demo Owner',
  });
  const store = await auth.admin.createStore(vendor.id, 'High Street');
  const terminal = await auth.admin.createTerminal(store.id, 'Till 1');
  const employee = await auth.admin.createEmployee({
    vendorId: vendor.id,
    email: 'cashier@example.com',
    password: passwords.employee,
    name: 'Demo Cashier',
    modules: ['orders'],
    permissions: { orders: ['read'] },
    storeIds: [store.id],
  });
  return {
    admin: { email: admin.email, password: passwords.admin, role: 'admin', type: 'super_admin' },
    owner: { email: owner.email, password: passwords.owner, role: 'vendor', type: 'owner' },
    employee: { email: employee.email, password: passwords.employee, role: 'vendor', type: 'employee' },
    store: { id: store.id, name: store.name, terminal: terminal.name },
  };
}
