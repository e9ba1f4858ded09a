// The operator's face of the service: creating and disabling accounts, stores and terminals from the
// CLI, with no caller and no guard (whoever runs it holds the database). The guarded operations
// create accounts through it too, naming their caller as the audit trail's cause.
import { z } from 'zod';
import { AuthError } from '../auth-error';
import { VENDOR_MODULES } from '../../contract/module-keys';
import {
  createAdminRequest,
  createEmployeeRequest,
  createStoreRequest,
  createTerminalRequest,
  createVendorRequest,
} from '../../contract/administration-schemas';
import { emailSchema, idSchema, PASSWORD_MAX_LENGTH, type Role } from '../../contract/auth-schemas';
import { registerRequest } from '../../contract/customer-schemas';
import type { AccountRecord } from '../ports';
import type { ServiceDeps } from './deps';
import { assertAcceptablePassword } from './password-policy';
import { createPasswordChangedNotice } from './password-changed-notice';
import { parseInput } from '../validation';
import { auditEntry, OPERATOR_CAUSE, subjectOf, type AuditCause } from './audit';

/** An employee as the CLI creates one: the wire body plus the business it belongs to. */
export const operatorEmployeeRequest = createEmployeeRequest.extend({ vendor_id: idSchema });

/** A customer as the CLI creates one; the password policy is checked with the hash. */
export const operatorCustomerRequest = registerRequest.extend({ password: z.string().max(PASSWORD_MAX_LENGTH) });

export function createOperator(
  deps: Pick<
    ServiceDeps,
    'accounts' | 'customers' | 'factors' | 'hasher' | 'clock' | 'mailer' | 'defer' | 'mailTexts' | 'config'
  >,
) {
  const { accounts, customers, factors, hasher, clock } = deps;
  const noticeOfChange = createPasswordChangedNotice(deps);

  async function hashNew(password: string, field: string) {
    assertAcceptablePassword(password, field);
    return hasher.hash(password);
  }

  async function createAdmin(raw: z.input<typeof createAdminRequest>, cause: AuditCause = OPERATOR_CAUSE) {
    const input = parseInput(createAdminRequest, raw);
    const passwordHash = await hashNew(input.password, 'password');
    const audit = auditEntry('account_created', { role: 'admin', accountId: null }, cause, {
      type: input.admin_type,
      modules: input.modules,
    });
    return accounts.createAdmin(
      { email: input.email, name: input.name, adminType: input.admin_type, modules: input.modules, passwordHash },
      audit,
    );
  }

  async function createVendor(raw: z.input<typeof createVendorRequest>, cause: AuditCause = OPERATOR_CAUSE) {
    const input = parseInput(createVendorRequest, raw);
    const passwordHash = await hashNew(input.owner_password, 'owner_password');
    // Checked first so a taken e-mail leaves no business without an owner behind.
    if (await accounts.findByEmail('vendor', input.owner_email))
      throw new AuthError('conflict', 'An account with that e-mail already exists.');
    const vendor = await accounts.createVendor(input.name);
    const audit = auditEntry('account_created', { role: 'vendor', accountId: null, vendorId: vendor.id }, cause, {
      type: 'owner',
      modules: [...VENDOR_MODULES],
    });
    const owner = await accounts.createVendorAccount(
      {
        vendorId: vendor.id,
        email: input.owner_email,
        name: input.owner_name,
        vendorType: 'owner',
        modules: [...VENDOR_MODULES],
        modulePermissions: {},
        passwordHash,
        storeIds: [],
      },
      audit,
    );
    return { vendor, owner };
  }

  async function createStore(vendorId: string, raw: z.input<typeof createStoreRequest>) {
    const input = parseInput(createStoreRequest, raw);
    if (!(await accounts.findVendor(vendorId))) throw new AuthError('not_found', `No vendor ${vendorId}.`);
    return accounts.createStore(vendorId, input.name);
  }

  async function createTerminal(storeId: string, raw: z.input<typeof createTerminalRequest>) {
    const input = parseInput(createTerminalRequest, raw);
    if (!(await accounts.findStore(storeId))) throw new AuthError('not_found', `No store ${storeId}.`);
    return accounts.createTerminal(storeId, input.name);
  }

  async function createEmployee(raw: z.input<typeof operatorEmployeeRequest>, cause: AuditCause = OPERATOR_CAUSE) {
    const input = parseInput(operatorEmployeeRequest, raw);
    if (!(await accounts.findVendor(input.vendor_id)))
      throw new AuthError('not_found', `No vendor ${input.vendor_id}.`);
    for (const storeId of input.store_ids) {
      const store = await accounts.findStore(storeId);
      if (!store || store.vendorId !== input.vendor_id)
        throw new AuthError('not_found', `No store ${storeId} in this business.`);
    }
    const passwordHash = await hashNew(input.password, 'password');
    const audit = auditEntry('account_created', { role: 'vendor', accountId: null, vendorId: input.vendor_id }, cause, {
      type: 'employee',
      modules: input.modules,
      module_permissions: input.module_permissions,
      store_ids: input.store_ids,
    });
    return accounts.createVendorAccount(
      {
        vendorId: input.vendor_id,
        email: input.email,
        name: input.name,
        vendorType: 'employee',
        modules: input.modules,
        modulePermissions: input.module_permissions,
        passwordHash,
        storeIds: input.store_ids,
      },
      audit,
    );
  }

  async function setDisabled(role: Role, email: string, disabled: boolean) {
    const account = await accounts.findByEmail(role, parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', `No ${role} account with that e-mail.`);
    const audit = auditEntry(disabled ? 'account_disabled' : 'account_enabled', subjectOf(account), OPERATOR_CAUSE);
    await accounts.setDisabled(role, account.id, disabled, clock.now(), audit);
    return { ...account, disabled };
  }

  /** An operator sets a password directly; the same rules and session revocation as step 3. */
  async function resetPassword(role: Role, email: string, password: string) {
    const account = await accounts.findByEmail(role, parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', `No ${role} account with that e-mail.`);
    const audit = auditEntry('password_changed', subjectOf(account), OPERATOR_CAUSE);
    await accounts.replacePassword(role, account.id, await hashNew(password, 'password'), clock.now(), audit);
    noticeOfChange(account);
    return { success: true as const };
  }

  /** A customer whose address the operator vouches for: verified at once. */
  async function createCustomer(raw: z.input<typeof operatorCustomerRequest>) {
    const input = parseInput(operatorCustomerRequest, raw);
    const passwordHash = await hashNew(input.password, 'password');
    if ((await accounts.findByEmail('customer', input.email))?.emailVerified)
      throw new AuthError('conflict', 'An account with that e-mail already exists.');
    const pending = await customers.saveUnverified({ email: input.email, name: input.name, passwordHash });
    if (!pending) throw new AuthError('conflict', 'An account with that e-mail already exists.');
    const audit = auditEntry('account_created', subjectOf(pending), OPERATOR_CAUSE, { via: 'operator' });
    await customers.markVerified(pending.id, clock.now(), false, audit);
    return (await accounts.findById('customer', pending.id)) ?? pending;
  }

  /** Removes a customer's personal data at once, as the customer's own deletion does. */
  async function deleteCustomer(email: string) {
    const account = await accounts.findByEmail('customer', parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', 'No customer account with that e-mail.');
    await customers.remove(account.id, clock.now(), auditEntry('account_deleted', subjectOf(account), OPERATOR_CAUSE));
    return { id: account.id, deleted: true as const };
  }

  /** Removes every second factor of the account and ends all its sessions (a lost phone); `cause` names who did it. */
  async function removeEveryFactor(
    account: Pick<AccountRecord, 'role' | 'id' | 'vendor'>,
    cause: AuditCause = OPERATOR_CAUSE,
  ) {
    const audit = auditEntry('factors_reset', subjectOf(account), cause);
    if (!(await factors.resetFactors(account.role, account.id, clock.now(), audit)))
      throw new AuthError('not_found', 'No such account.');
  }

  /**
   * `account:mfa-reset`: the account signs in with its password alone again (and enrols anew where its type requires
   * it).
   */
  async function resetFactors(role: Role, email: string) {
    const account = await accounts.findByEmail(role, parseInput(emailSchema, email));
    if (!account) throw new AuthError('not_found', `No ${role} account with that e-mail.`);
    await removeEveryFactor(account);
    return { success: true as const };
  }

  /** Whether any admin account exists: a fresh database has none. */
  const hasAdmins = async () => (await accounts.countAdmins()) > 0;

  return {
    createAdmin,
    createVendor,
    createStore,
    createTerminal,
    createEmployee,
    createCustomer,
    deleteCustomer,
    setDisabled,
    resetPassword,
    removeEveryFactor,
    resetFactors,
    hasAdmins,
  };
}

export type Operator = ReturnType<typeof createOperator>;
