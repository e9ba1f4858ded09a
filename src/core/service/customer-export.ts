// A customer's copy of its data, complete however long its history: the JSON text is produced in
// pieces, a page of sessions or events at a time, so an account with many thousand events costs
// the server one page of memory, not the whole body.
import type { AuditTrail } from '../audit-ports';
import type { AccountRecord, SessionListing } from '../ports';
import { sessionView } from './account-views';
import { auditEventView } from './audit-events';
import { customerProfileOf } from './profiles';

/** Rows read per round trip: small enough to keep memory flat, large enough to keep round trips few. */
const EXPORT_PAGE = 500;

/** A JSON document as consecutive pieces of text; joined, they parse as one value. */
export type JsonPieces = AsyncIterable<string>;

/** `items`, each page's views written as the members of one JSON array, comma-separated across pages. */
async function* arrayMembers<Row, View>(pages: AsyncIterable<Row[]>, view: (row: Row) => View): AsyncGenerator<string> {
  let first = true;
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    yield `${first ? '' : ','}${rows.map((row) => JSON.stringify(view(row))).join(',')}`;
    first = false;
  }
}

export function createCustomerExport(deps: { sessionListing: SessionListing; audit: AuditTrail }) {
  const { sessionListing, audit } = deps;

  async function* sessionPages(accountId: string, now: Date) {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await sessionListing.listActive('customer', accountId, now, {
        limit: EXPORT_PAGE,
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, EXPORT_PAGE);
      yield page;
      if (rows.length <= EXPORT_PAGE) return;
      after = { createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id };
    }
  }

  async function* eventPages(accountId: string) {
    let before: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await audit.list(
        { role: 'customer', accountId },
        { limit: EXPORT_PAGE, ...(before ? { before } : {}) },
      );
      const page = rows.slice(0, EXPORT_PAGE);
      yield page;
      if (rows.length <= EXPORT_PAGE) return;
      before = { at: page.at(-1)!.at, id: page.at(-1)!.id };
    }
  }

  /** The export of `account` as of `now`: profile, active sessions, every security event (newest first). */
  return async function* exportOf(account: AccountRecord, now: Date): JsonPieces {
    yield `{"customer":${JSON.stringify(customerProfileOf(account))},"sessions":[`;
    yield* arrayMembers(sessionPages(account.id, now), sessionView);
    yield '],"events":[';
    // The customer's own name and e-mail only: staff who acted on the account stay ids.
    const labels = new Map([[account.id, { email: account.email, name: account.name }]]);
    yield* arrayMembers(eventPages(account.id), (event) => auditEventView(event, labels));
    yield `],"exported_at":${JSON.stringify(now.toISOString())}}`;
  };
}
