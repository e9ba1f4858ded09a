// The orders service's own data, in memory: each business sees its own orders only.
import { randomUUID } from 'node:crypto';
import type { GuardPrincipal } from 'commerce-auth/guard';

export interface Order {
  id: string;
  vendor_id: string | null;
  note: string;
  created_by: string;
  created_at: string;
}

export function createOrderBook() {
  const orders: Order[] = [];
  return {
    /** A vendor account's business's orders; an admin's view is every business's. */
    list(principal: GuardPrincipal): Order[] {
      return principal.role === 'admin' ? orders : orders.filter((o) => o.vendor_id === (principal.vendorId ?? null));
    },
    add(principal: GuardPrincipal, body: unknown): Order {
      const note =
        typeof body === 'object' && body !== null && typeof (body as { note?: unknown }).note === 'string'
          ? (body as { note: string }).note.slice(0, 500)
          : '';
      const order = {
        id: randomUUID(),
        vendor_id: principal.vendorId ?? null,
        note,
        created_by: principal.accountId,
        created_at: new Date().toISOString(),
      };
      orders.push(order);
      return order;
    },
  };
}
