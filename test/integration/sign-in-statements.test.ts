// The statements a sign-in sends to PostgreSQL, heard on the app's own connections. A staff login
// reads its second factors once: the read that decides on the second step also gives the profile
// of the answer. Regression: the profile read them again when the account was not in the token
// routes' cache, as for nearly every sign-in. The session, its first refresh token and the
// sign-in's event are one statement (decision 0028).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS, seedAccounts } from '../support/accounts';
import { callApi, IN_PROCESS_POSTGRES, servePostgresInProcess } from '../support/in-process-api';

/** Every statement sent since the last request began. */
const sent: string[] = [];
let seeded: Awaited<ReturnType<typeof seedAccounts>>;
servePostgresInProcess(
  (text) => sent.push(text),
  async (db) => (seeded = await seedAccounts(db, 'statements')),
);

/** The statements that name `table` (the change feed's and the webhook worker's polls name neither). */
const naming = (statements: string[], table: string) => statements.filter((text) => text.includes(`"${table}"`));

test(
  'a staff login reads its second factors once and answers with what it read',
  { skip: !IN_PROCESS_POSTGRES && 'PostgreSQL only' },
  async () => {
    const staff = [
      { role: 'admin', email: seeded.admin.email, password: PASSWORDS.admin },
      { role: 'vendor', email: seeded.owner.email, password: PASSWORDS.owner },
    ] as const;
    for (const { role, email, password } of staff) {
      sent.length = 0;
      const answer = await callApi('POST', `/auth/${role}/login`, { email, password });
      const statements = [...sent];
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual((answer.body[role] as { mfa: unknown }).mfa, { totp: false, passkeys: 0 });
      assert.equal(naming(statements, 'TotpFactor').length, 1, `${role}: ${statements.join('\n')}`);
      assert.equal(naming(statements, 'RefreshFamily').length, 1, `${role}: ${statements.join('\n')}`);
    }
  },
);
