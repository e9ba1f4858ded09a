// The administration operations for the admin pages: admin accounts, and vendor businesses with
// their accounts, stores and terminals. Each procedure passes the caller and the input to the
// service, which authenticates, guards (src/core/operations.ts) and validates, in that order.
import type { z } from 'zod';
import type {
  createAdminRequest,
  createEmployeeRequest,
  createStoreRequest,
  createTerminalRequest,
  createVendorRequest,
  pageQuery,
  updateAdminRequest,
  updateEmployeeRequest,
} from '@/contract/administration-schemas';
import type { Context } from '../context';
import { callerOf, idOf, publicProcedure, router, serviceInput } from '../init';

type PageInput = z.input<typeof pageQuery>;
type AdminRef = { admin_id: string };
type VendorRef = { vendor_id: string };
type AccountRef = VendorRef & { account_id: string };

const service = (ctx: Context) => ctx.auth.administration;
const asAdmin = (ctx: Context) => callerOf(ctx, 'admin');
const ended = { success: true as const };

/** Admin accounts: the `admins` module. */
export const adminsRouter = router({
  list: publicProcedure.input(serviceInput<PageInput>()).query(({ ctx, input }) => service(ctx).listAdmins(asAdmin(ctx), input)),

  create: publicProcedure
    .input(serviceInput<z.input<typeof createAdminRequest>>())
    .mutation(({ ctx, input }) => service(ctx).createAdmin(asAdmin(ctx), input)),

  update: publicProcedure
    .input(serviceInput<AdminRef & { changes: z.input<typeof updateAdminRequest> }>())
    .mutation(({ ctx, input }) => service(ctx).updateAdmin(asAdmin(ctx), idOf(input.admin_id), input.changes)),

  disable: publicProcedure.input(serviceInput<AdminRef>()).mutation(({ ctx, input }) => service(ctx).disableAdmin(asAdmin(ctx), idOf(input.admin_id))),

  enable: publicProcedure.input(serviceInput<AdminRef>()).mutation(({ ctx, input }) => service(ctx).enableAdmin(asAdmin(ctx), idOf(input.admin_id))),

  sessions: publicProcedure
    .input(serviceInput<AdminRef & PageInput>())
    .query(({ ctx, input }) => service(ctx).listAdminSessions(asAdmin(ctx), idOf(input.admin_id), input)),

  endSession: publicProcedure.input(serviceInput<AdminRef & { session_id: string }>()).mutation(async ({ ctx, input }) => {
    await service(ctx).endAdminSession(asAdmin(ctx), idOf(input.admin_id), idOf(input.session_id));
    return ended;
  }),
});

/** Vendor businesses and, for one business, its accounts, stores and terminals: the `vendors` module. */
export const vendorsRouter = router({
  list: publicProcedure.input(serviceInput<PageInput>()).query(({ ctx, input }) => service(ctx).listVendors(asAdmin(ctx), input)),

  create: publicProcedure
    .input(serviceInput<z.input<typeof createVendorRequest>>())
    .mutation(({ ctx, input }) => service(ctx).createVendor(asAdmin(ctx), input)),

  accounts: publicProcedure
    .input(serviceInput<VendorRef & PageInput>())
    .query(({ ctx, input }) => service(ctx).listVendorAccounts(asAdmin(ctx), idOf(input.vendor_id), input)),

  createEmployee: publicProcedure
    .input(serviceInput<VendorRef & { employee: z.input<typeof createEmployeeRequest> }>())
    .mutation(({ ctx, input }) => service(ctx).createEmployee(asAdmin(ctx), idOf(input.vendor_id), input.employee)),

  updateEmployee: publicProcedure
    .input(serviceInput<AccountRef & { changes: z.input<typeof updateEmployeeRequest> }>())
    .mutation(({ ctx, input }) => service(ctx).updateEmployee(asAdmin(ctx), idOf(input.vendor_id), idOf(input.account_id), input.changes)),

  disableAccount: publicProcedure
    .input(serviceInput<AccountRef>())
    .mutation(({ ctx, input }) => service(ctx).disableVendorAccount(asAdmin(ctx), idOf(input.vendor_id), idOf(input.account_id))),

  enableAccount: publicProcedure
    .input(serviceInput<AccountRef>())
    .mutation(({ ctx, input }) => service(ctx).enableVendorAccount(asAdmin(ctx), idOf(input.vendor_id), idOf(input.account_id))),

  accountSessions: publicProcedure
    .input(serviceInput<AccountRef & PageInput>())
    .query(({ ctx, input }) => service(ctx).listVendorAccountSessions(asAdmin(ctx), idOf(input.vendor_id), idOf(input.account_id), input)),

  endAccountSession: publicProcedure.input(serviceInput<AccountRef & { session_id: string }>()).mutation(async ({ ctx, input }) => {
    await service(ctx).endVendorAccountSession(asAdmin(ctx), idOf(input.vendor_id), idOf(input.account_id), idOf(input.session_id));
    return ended;
  }),

  stores: publicProcedure
    .input(serviceInput<VendorRef & PageInput>())
    .query(({ ctx, input }) => service(ctx).listStores(asAdmin(ctx), idOf(input.vendor_id), input)),

  createStore: publicProcedure
    .input(serviceInput<VendorRef & { store: z.input<typeof createStoreRequest> }>())
    .mutation(({ ctx, input }) => service(ctx).createStore(asAdmin(ctx), idOf(input.vendor_id), input.store)),

  createTerminal: publicProcedure
    .input(serviceInput<VendorRef & { store_id: string; terminal: z.input<typeof createTerminalRequest> }>())
    .mutation(({ ctx, input }) => service(ctx).createTerminal(asAdmin(ctx), idOf(input.vendor_id), idOf(input.store_id), input.terminal)),
});
