// A customer's data export over HTTP with a long history: complete (every one of 20,000 events),
// and streamed: the server's peak memory during the export does not grow with the body.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import type { TestDatabase } from '../support/databases';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';

const EVENTS = 20_000;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/**
 * How far the server's resident memory may rise above where it stood while it sends the export.
 * The body is 10.5 MiB of JSON (each event names its account): a server that holds it whole holds
 * its 20,000 rows (Prisma objects), their views and the text (UTF-16 while built, then encoded) at
 * once, several times the body; a page at a time leaves only garbage of a few pages (measured on
 * SQLite with the machine busy: +26 MiB with an 8.2 MiB body, +41 MiB with this one at a load of 8).
 * 50 MiB, the streaming bound the benchmark holds exports to, is between both.
 */
const PEAK_GROWTH_LIMIT_MIB = 50;

// The young generation is bounded so that the peak measures what the export keeps, not the
// collector's policy: V8 sizes its default semi-spaces differently between Node releases (the same
// export rose the peak 26 MiB on Node 20 and 56 MiB on Node 26).
const suite = appSuite({ nodeFlags: ['--max-semi-space-size=4'] });

/** Inserts `count` sign-in events of the customer straight into the database, in batches. */
async function insertEvents(db: TestDatabase, accountId: string, count: number) {
  await withContainer(db, async ({ db: { prisma } }) => {
    // The last hours, well inside AUDIT_RETENTION: the sweeper removes older events while the test runs.
    const start = Date.now() - (count + 60) * 1000;
    for (let done = 0; done < count; done += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - done) }, (_, i) => ({
        id: randomUUID(),
        at: new Date(start + (done + i) * 1000),
        event: 'sign_in_succeeded',
        role: 'customer',
        accountId,
        actorRole: 'customer',
        actorId: accountId,
        clientIp: '203.0.113.7',
        userAgent: USER_AGENT,
        details: { method: 'password' },
      }));
      await prisma.auditEvent.createMany({ data: rows });
    }
  });
}

/** The server process's resident memory now, and its peak since the last reset, in MiB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

// Regression: the export held at most 1,000 events (the newest), so an account with 20,000 got an
// incomplete copy of its data.
test(`the export of an account with ${EVENTS} events holds every one of them, and the server's memory stays flat`, async (t) => {
  const { customer } = suite.seed;
  await insertEvents(suite.db, customer.id, EVENTS);
  const { access_token: token } = await signIn(suite.url, 'customer', customer.email, PASSWORDS.customer);
  const exportOnce = () => request(suite.url, 'GET', '/api/v1/auth/customer/me/export', { token });
  // A first, small answer loads the route's code; the big export is measured from a settled start.
  assert.equal((await request(suite.url, 'GET', '/api/v1/auth/customer/me', { token })).status, 200);

  const pid = suite.process.pid!;
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets the peak (VmHWM) to the current RSS
  const before = memoryOf(pid);
  const answer = await exportOnce();
  const after = memoryOf(pid);

  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  assert.match(answer.headers.get('content-disposition') ?? '', /^attachment; filename=/);
  const events = (answer.body as { events: { id: string }[] }).events;
  assert.ok(events.length >= EVENTS, `${events.length} events exported`);
  assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'no event twice');
  assert.equal(answer.body.customer.email, customer.email);
  const growth = after.peak - before.rss;
  t.diagnostic(
    `body ${(answer.text.length / 2 ** 20).toFixed(1)} MiB; server RSS ${before.rss.toFixed(0)} MiB before, peak ${after.peak.toFixed(0)} MiB during (+${growth.toFixed(1)} MiB)`,
  );
  assert.ok(growth < PEAK_GROWTH_LIMIT_MIB, `the server's memory rose ${growth.toFixed(1)} MiB during the export`);
});
