// The orders service's own data, in memory: each business sees its own orders only.
import { randomUUID } from 'node:crypto';
import type { Approval, GuardPrincipal } from 'commerce-auth/guard';

export interface Order {
  id: string;
  vendor_id: string | null;
  note: string;
  created_by: string;
  created_at: string;
}

/** A refund at the till, made with a manager's approval for that order. */
export interface Refund {
  id: string;
  order_id: string;
  amount: string | null;
  requested_by: string;
  approved_by: string;
  terminal_id: string;
  created_at: string;
}

export function createOrderBook() {
  const orders: Order[] = [];
  const refunds: Refund[] = [];
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
    /** Records the refund `approval` allows (the guard kit verified and spent it for this order). */
    refund(orderId: string, approval: Approval): Refund {
      const refund = {
        id: randomUUID(),
        order_id: orderId,
        amount: approval.amount ?? null,
        requested_by: approval.requesterId,
        approved_by: approval.approverId,
        terminal_id: approval.terminalId,
        created_at: new Date().toISOString(),
      };
      refunds.push(refund);
      return refund;
    },
  };
}
