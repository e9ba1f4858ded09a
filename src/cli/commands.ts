// The operator CLI's commands: each returns the one JSON object the CLI prints.
import { AuthError } from '@/core/auth-error';
import { roleSchema } from '@/contract/auth-schemas';
import { parseInput } from '@/core/validation';
import type { Container } from '@/server/container';
import { list, parseFlags, password, permissions, required } from './args';

type Command = (argv: string[], container: Container) => Promise<object>;

const publicAccount = (a: {
  id: string;
  email: string;
  name: string;
  role: string;
  type: string;
  modules: string[];
  disabled: boolean;
}) => ({
  id: a.id,
  role: a.role,
  email: a.email,
  name: a.name,
  type: a.type,
  modules: a.modules,
  disabled: a.disabled,
});

export const COMMANDS: Record<string, Command> = {
  async 'admin:create'(argv, { auth }) {
    const f = parseFlags(argv, ['email', 'password', 'name', 'type', 'modules'], ['password-stdin']);
    const admin = await auth.operator.createAdmin({
      email: required(f, 'email'),
      password: await password(f),
      name: required(f, 'name'),
      admin_type: required(f, 'type') as 'admin',
      modules: list(f.modules) as never,
    });
    return publicAccount(admin);
  },

  async 'vendor:create'(argv, { auth }) {
    const f = parseFlags(argv, ['name', 'owner-email', 'owner-password', 'owner-name'], ['password-stdin']);
    const { vendor, owner } = await auth.operator.createVendor({
      name: required(f, 'name'),
      owner_email: required(f, 'owner-email'),
      owner_password: await password(f, 'owner-password'),
      owner_name: required(f, 'owner-name'),
    });
    return { id: vendor.id, vendor_id: vendor.id, name: vendor.name, owner_id: owner.id, owner_email: owner.email };
  },

  async 'store:create'(argv, { auth }) {
    const f = parseFlags(argv, ['vendor-id', 'name']);
    const store = await auth.operator.createStore(required(f, 'vendor-id'), { name: required(f, 'name') });
    return { id: store.id, vendor_id: store.vendorId, name: store.name };
  },

  async 'pos:create'(argv, { auth }) {
    const f = parseFlags(argv, ['store-id', 'name']);
    const terminal = await auth.operator.createTerminal(required(f, 'store-id'), { name: required(f, 'name') });
    return { id: terminal.id, store_id: terminal.storeId, name: terminal.name };
  },

  async 'employee:create'(argv, { auth }) {
    const f = parseFlags(
      argv,
      ['vendor-id', 'email', 'password', 'name', 'modules', 'permissions', 'stores'],
      ['password-stdin'],
    );
    const employee = await auth.operator.createEmployee({
      vendor_id: required(f, 'vendor-id'),
      email: required(f, 'email'),
      password: await password(f),
      name: required(f, 'name'),
      modules: list(f.modules) as never,
      module_permissions: permissions(f.permissions),
      store_ids: list(f.stores),
    });
    return {
      ...publicAccount(employee),
      vendor_id: employee.vendor?.id,
      module_permissions: employee.modulePermissions,
      store_ids: list(f.stores),
    };
  },

  async 'customer:create'(argv, { auth }) {
    const f = parseFlags(argv, ['email', 'password', 'name'], ['password-stdin']);
    const customer = await auth.operator.createCustomer({
      email: required(f, 'email'),
      password: await password(f),
      name: required(f, 'name'),
    });
    return { ...publicAccount(customer), email_verified: true };
  },

  async 'customer:disable'(argv, { auth }) {
    const f = parseFlags(argv, ['email']);
    return publicAccount(await auth.operator.setDisabled('customer', required(f, 'email'), true));
  },

  async 'customer:delete'(argv, { auth }) {
    const f = parseFlags(argv, ['email']);
    return auth.operator.deleteCustomer(required(f, 'email'));
  },

  async 'account:disable'(argv, { auth }) {
    const f = parseFlags(argv, ['role', 'email']);
    return publicAccount(
      await auth.operator.setDisabled(parseInput(roleSchema, required(f, 'role')), required(f, 'email'), true),
    );
  },

  async 'account:enable'(argv, { auth }) {
    const f = parseFlags(argv, ['role', 'email']);
    return publicAccount(
      await auth.operator.setDisabled(parseInput(roleSchema, required(f, 'role')), required(f, 'email'), false),
    );
  },

  async 'account:reset-password'(argv, { auth }) {
    const f = parseFlags(argv, ['role', 'email', 'password'], ['password-stdin']);
    const role = parseInput(roleSchema, required(f, 'role'));
    return auth.operator.resetPassword(role, required(f, 'email'), await password(f));
  },

  /** Removes every second factor of the account and ends its sessions: for staff who lost their authenticator. */
  async 'account:mfa-reset'(argv, { auth }) {
    const f = parseFlags(argv, ['role', 'email']);
    return auth.operator.resetFactors(parseInput(roleSchema, required(f, 'role')), required(f, 'email'));
  },

  /** A code to type on the device at /vendor/pos/pair (or send to /auth/terminal/pair). */
  async 'terminal:pair-code'(argv, { auth }) {
    const f = parseFlags(argv, ['terminal-id']);
    return auth.terminals.operator.pairingCode(required(f, 'terminal-id'));
  },

  /** A service client for another service of the platform: its client id and secret (shown this once). */
  async 'service:create'(argv, { auth }) {
    const f = parseFlags(argv, ['name']);
    return auth.serviceClients.operator.create(required(f, 'name'));
  },

  /** A new secret for the client; the previous one keeps working for SERVICE_SECRET_OVERLAP. */
  async 'service:rotate'(argv, { auth }) {
    const f = parseFlags(argv, ['client-id']);
    return auth.serviceClients.operator.rotate(required(f, 'client-id'));
  },

  /** Removes the client: its credentials stop working at once. */
  async 'service:delete'(argv, { auth }) {
    const f = parseFlags(argv, ['client-id']);
    return auth.serviceClients.operator.remove(required(f, 'client-id'));
  },

  /**
   * An app of the platform (OAuth 2.1 / OpenID Connect client): its client id, and for a confidential app its secret
   * (shown this once).
   */
  async 'app:create'(argv, { auth }) {
    const f = parseFlags(argv, ['name', 'type', 'redirect-uris', 'scopes', 'homepage-url'], ['first-party']);
    return auth.apps.operator.create({
      name: required(f, 'name'),
      type: required(f, 'type'),
      redirect_uris: list(required(f, 'redirect-uris')),
      scopes: list(required(f, 'scopes')),
      first_party: f['first-party'] === true,
      ...(typeof f['homepage-url'] === 'string' ? { homepage_url: f['homepage-url'] } : {}),
    });
  },

  /** Removes the app: its credentials stop working, and every grant and token it holds ends. */
  async 'app:delete'(argv, { auth }) {
    const f = parseFlags(argv, ['client-id']);
    return auth.apps.operator.remove(required(f, 'client-id'));
  },

  /** Ends the terminal's credential and every session started on it. */
  async 'terminal:unpair'(argv, { auth }) {
    const f = parseFlags(argv, ['terminal-id']);
    return auth.terminals.operator.unpair(required(f, 'terminal-id'));
  },
};

export function commandOrThrow(name: string | undefined): Command {
  const command = name ? COMMANDS[name] : undefined;
  if (!command)
    throw new AuthError(
      'validation_failed',
      `Unknown command "${name ?? ''}". Commands: ${Object.keys(COMMANDS).join(', ')}`,
    );
  return command;
}
