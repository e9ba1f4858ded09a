// "This wasn't me" of each role, probed on a second app on the suite's database that mails new
// devices: a sign-in from a browser the account has not used gets the link (200), which is then
// spent (401 invalid_link); a body without a token is 400.
import type { Role } from '@/contract/auth-schemas';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';
import { PASSWORDS } from '../accounts';

const PAGES: Record<Role, string> = { customer: 'account', vendor: 'vendor', admin: 'admin' };

/** The token of the new-device mail to `email` that names `device`, as soon as it arrives. */
async function notMeToken(app: AdministrationSuite, role: Role, email: string, device: string): Promise<string> {
  const link = new RegExp(`/${PAGES[role]}/not-me\\?token=([A-Za-z0-9_-]+)`);
  for (let waited = 0; waited < 10_000; waited += 50) {
    for (const mail of app.mail.messages) {
      const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const token = link.exec(raw)?.[1];
      if (mail.to.includes(email) && raw.includes(device) && token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new-device mail to ${email} naming ${device}`);
}

export async function probeNotMeRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const mailing = await app.start({ ...app.env, NEW_DEVICE_MAIL: '1' });
  const url = mailing.url;
  const accounts = {
    admin: { email: app.w.admin.email, password: PASSWORDS.admin },
    vendor: { email: app.w.owner.email, password: PASSWORDS.owner },
    customer: { email: app.w.customer.email, password: PASSWORDS.customer },
  };
  for (const role of ['admin', 'vendor', 'customer'] as const) {
    const { email, password } = accounts[role];
    // Two browsers no sign-in used before: the second is new whether or not the first was the account's first.
    const device = `openapi-probe-${role}-b`;
    for (const agent of [`openapi-probe-${role}-a`, device])
      await probe('POST', `/auth/${role}/login`, { url, json: { email, password }, headers: { 'user-agent': agent } });
    const token = await notMeToken(app, role, email, device);
    await probe('POST', `/auth/${role}/not-me`, { url, json: { token } });
    await probe('POST', `/auth/${role}/not-me`, { url, json: { token } });
    await probe('POST', `/auth/${role}/not-me`, { url, json: {} });
  }
}
