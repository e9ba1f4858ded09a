// The store's MCP tool over the orders service's data (examples/orders-service/orders.ts): an agent
// lists the orders of the business it acts for (orders:read), held to the guard kit's module rules
// for the caller, an app's token to exactly its scopes.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isGuardError, type Guard, type GuardPrincipal } from 'commerce-auth/guard';
import type { createOrderBook } from '../orders-service/orders';

type OrderBook = ReturnType<typeof createOrderBook>;

const answer = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value as Record<string, unknown>,
});

/** A refusal of the module rules as the tool's error result: the agent reads why, the session goes on. */
function guarded(run: () => CallToolResult): CallToolResult {
  try {
    return run();
  } catch (error) {
    if (!isGuardError(error)) throw error;
    return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.problem.detail}` }] };
  }
}

/** An MCP server for one request's caller, `principal` (the transport is stateless: one per request). */
export function storeServer(guard: Guard, orders: OrderBook, principal: GuardPrincipal): McpServer {
  const server = new McpServer({ name: 'store', version: '1.0.0' });
  server.registerTool(
    'list_orders',
    {
      title: 'List orders',
      description: 'The orders of the business you act for, oldest first (scope orders:read).',
      annotations: { readOnlyHint: true },
    },
    async () =>
      guarded(() => {
        guard.authorize(principal, 'orders');
        return answer({ items: orders.list(principal) });
      }),
  );
  return server;
}
