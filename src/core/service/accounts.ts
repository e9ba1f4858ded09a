// Creating and disabling accounts, stores and terminals: the operator CLI's operations.
import { z } from 'zod';
import { AuthError } from '../errors';
import { ADMIN_MODULES, ADMIN_TYPES, MODULE_ACTIONS, VENDOR_MODULES } from '../modules';
import { emailSchema, type Role } from '../schemas';
import type { ServiceDeps } from './deps';
import { assertAcceptablePassword } from './password-policy';
import { createPasswordChangedNotice } from './password-changed-notice';
import { parseInput } from '../validation';

const name = z.string().trim().min(1).max(200);
const id = z.string().trim().min(1).max(100);

export const createAdminInput = z.object({
  email: emailSchema,
  password: z.string(),
  name,
  type: z.enum(ADMIN_TYPES),
  modules: z.array(z.enum(ADMIN_MODULES)).default([]),
});
export const createVendorInput = z.object({
  name,
  ownerEmail: emailSchema,
  ownerPassword: z.string(),
  ownerName: name,
});
export const createEmployeeInput = z.object({
  vendorId: id,
  email: emailSchema,
  password: z.string(),
  name,
  modules: z.array(z.enum(VENDOR_MODULES)).default([]),
  permissions: z.partialRecord(z.enum(VENDOR_MODULES), z.array(z.enum(MODULE_ACTIONS))).default({}),
  storeIds: z.array(id).default([]),
});

export function createAccountAdministration(deps: Pick<ServiceDeps, 'accounts' | 'hasher' | 'clock' | 'mailer' | 'defer'>) {
  const { accounts, hasher, clock } = deps;
  const noticeOfChange = createPasswordChangedNotice(deps);

  async function hashNew(password: string, field: string) {
    assertAcceptablePassword(password, field);
    return hasher.hash(password);
  }

  async function createAdmin(raw: z.input<typeof createAdminInput>) {
    const input = parseInput(createAdminInput, raw);
    const passwordHash = await hashNew(input.password, 'password');
    return accounts.createAdmin({ email: input.email, name: input.name, adminType: input.type, modules: input.modules, passwordHash });
  }

  async function createVendor(raw: z.input<typeof createVendorInput>) {
    const input = parseInput(createVendorInput, raw);
    const passwordHash = await hashNew(input.ownerPassword, 'owner_password');
    // Checked first so a taken e-mail leaves no business without an owner behind.
    if (await accounts.findByEmail('vendor', input.ownerEmail)) throw new AuthError('conflict', 'An account with that e-mail already exists.');
    const vendor = await accounts.createVendor(input.name);
    const owner = await accounts.createVendorAccount({
      vendorId: vendor.id,
      email: input.ownerEmail,
      name: input.ownerName,
      vendorType: 'owner',
      modules: [...VENDOR_MODULES],
      modulePermissions: {},
      passwordHash,
      storeIds: [],
    });
    return { vendor, owner };
  }

  async function createStore(vendorId: string, storeName: string) {
    if (!(await accounts.findVendor(parseInput(id, vendorId)))) throw new AuthError('not_found', `No vendor ${vendorId}.`);
    return accounts.createStore(vendorId, parseInput(name, storeName));
  }

  async function createTerminal(storeId: string, terminalName: string) {
    if (!(await accounts.findStore(parseInput(id, storeId)))) throw new AuthError('not_found', `No store ${storeId}.`);
    return accounts.createTerminal(storeId, parseInput(name, terminalName));
  }

  async function createEmployee(raw: z.input<typeof createEmployeeInput>) {
    const input = parseInput(createEmployeeInput, raw);
    if (!(await accounts.findVendor(input.vendorId))) throw new AuthError('not_found', `No vendor ${input.vendorId}.`);
    for (const storeId of input.storeIds) {
      const store = await accounts.findStore(storeId);
      if (!store || store.vendorId !== input.vendorId) throw new AuthError('not_found', `No store ${storeId} in this business.`);
    }
    const passwordHash = await hashNew(input.password, 'password');
    return accounts.createVendorAccount({
      vendorId: input.vendorId,
      email: input.email,
      name: input.name,
      vendorType: 'employee',
      modules: input.modules,
      modulePermissions: input.permissions as Record<string, string[]>,
      passwordHash,
      storeIds: input.storeIds,
    });
  }

  async function setDisabled(role: Role, email: string, disabled: boolean) {
    const account = await accounts.findByEmail(role, parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', `No ${role} account with that e-mail.`);
    await accounts.setDisabled(role, account.id, disabled, clock.now());
    return { ...account, disabled };
  }

  /** An operator sets a password directly; the same rules and session revocation as step 3. */
  async function resetPassword(role: Role, email: string, password: string) {
    const account = await accounts.findByEmail(role, parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', `No ${role} account with that e-mail.`);
    await accounts.replacePassword(role, account.id, await hashNew(password, 'password'), clock.now());
    noticeOfChange(account);
    return { success: true as const };
  }

  /** Whether any admin account exists: a fresh database has none. */
  const hasAdmins = async () => (await accounts.countAdmins()) > 0;

  return { createAdmin, createVendor, createStore, createTerminal, createEmployee, setDisabled, resetPassword, hasAdmins };
}
