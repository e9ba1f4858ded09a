// The wire contract of the administration and session routes in zod: requests, responses and
// paging, shared by the service, the REST and tRPC adapters. Field names are snake_case.
import { z } from 'zod';
import { actionsOf, ADMIN_MODULES, ADMIN_TYPES, PERMISSION_ACTIONS, VENDOR_MODULES } from './module-keys';
import { adminProfile, emailSchema, idSchema, newPasswordSchema, vendorProfile } from './auth-schemas';

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

const name = z.string().trim().min(1).max(200);
const id = idSchema;
// The one password rule, so the description states its bounds; the common-password list is checked
// where the account is created, for the CLI too.
const password = newPasswordSchema;
const unique = <T>(list: T[]) => [...new Set(list)];
const adminModules = z.array(z.enum(ADMIN_MODULES)).max(50).transform(unique);
const vendorModules = z.array(z.enum(VENDOR_MODULES)).max(50).transform(unique);
const modulePermissions = z
  .partialRecord(z.enum(VENDOR_MODULES), z.array(z.enum(PERMISSION_ACTIONS)).max(10).transform(unique))
  // Named at the action, as the enum names an unknown one: `module_permissions.orders.0`.
  .superRefine((held, ctx) => {
    for (const [module, actions] of Object.entries(held))
      actions?.forEach((action, index) => {
        if (!actionsOf(module).includes(action))
          ctx.addIssue({
            code: 'custom',
            path: [module, index],
            message: 'approve is an action of the pos module only',
          });
      });
  })
  .meta({
    description:
      'Actions allowed per module key; keys are vendor modules, actions read, write or delete, and approve in pos (a manager approving an action at the till).',
  });
const storeIds = z.array(id).max(100).transform(unique);
const someField = (o: object) => Object.keys(o).length > 0;
const SOME_FIELD = { message: 'send at least one field to change' };

// Paging
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The next_cursor of the previous page.' }),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A page of `item`s; `next_cursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

// Requests
export const createAdminRequest = z.object({
  email: emailSchema,
  name,
  password,
  admin_type: z.enum(ADMIN_TYPES),
  modules: adminModules.default([]),
});
export const updateAdminRequest = z
  .object({ name: name.optional(), admin_type: z.enum(ADMIN_TYPES).optional(), modules: adminModules.optional() })
  .refine(someField, SOME_FIELD);
export const createVendorRequest = z.object({
  name,
  owner_email: emailSchema,
  owner_name: name,
  owner_password: password,
});
export const createStoreRequest = z.object({ name });
export const createTerminalRequest = z.object({ name });
export const createEmployeeRequest = z.object({
  email: emailSchema,
  name,
  password,
  modules: vendorModules.default([]),
  module_permissions: modulePermissions.default({}),
  store_ids: storeIds.default([]),
});
export const updateEmployeeRequest = z
  .object({
    name: name.optional(),
    modules: vendorModules.optional(),
    module_permissions: modulePermissions.optional(),
    store_ids: storeIds.optional(),
  })
  .refine(someField, SOME_FIELD);

// Responses
export const adminAccount = adminProfile.extend({
  disabled: z.boolean(),
  created_at: z.string().meta({ description: 'ISO 8601.' }),
});
export const vendorBusiness = z.object({ id: z.string(), name: z.string() });
export const vendorAccount = vendorProfile.extend({
  store_ids: z.array(z.string()).meta({ description: 'Employees: the assigned stores; owners see every store.' }),
  disabled: z.boolean(),
  created_at: z.string().meta({ description: 'ISO 8601.' }),
});
export const posTerminal = z.object({ id: z.string(), name: z.string(), store_id: z.string() });
export const listedTerminal = posTerminal.extend({
  paired: z.boolean().meta({ description: 'Whether a device is paired with the terminal now (unpairing applies).' }),
});
export const store = z.object({
  id: z.string(),
  vendor_id: z.string(),
  name: z.string(),
  pos_terminals: z.array(listedTerminal),
});
export const createVendorResponse = z.object({ vendor: vendorBusiness, owner: vendorAccount });
export const session = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  client_ip: z.string().nullable(),
});

export type AdminAccount = z.infer<typeof adminAccount>;
export type VendorBusiness = z.infer<typeof vendorBusiness>;
export type VendorAccount = z.infer<typeof vendorAccount>;
export type Store = z.infer<typeof store>;
export type PosTerminal = z.infer<typeof posTerminal>;
export type Session = z.infer<typeof session>;
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
