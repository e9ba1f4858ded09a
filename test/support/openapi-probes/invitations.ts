// The invitation routes, probed for every status they document: made, listed, resent until the
// address's limit (429), revoked, made again past the limit (429), and accepted (200, 401, 409).
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import { withContainer } from '../accounts';
import type { AdministrationSuite } from '../admin-world';
import { invitationMail } from '../invitations';
import type { Probe } from '../openapi-probe';

const PASSWORD = 'chosen-at-the-link-8';

export async function probeInvitationRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const admin = { token: app.tokens.superAdmin };
  const owner = { token: app.tokens.owner };
  const sides = [
    ['/admin', admin, {}, { admin_type: 'admin' }],
    ['/admin/vendors/{vendorId}', admin, { vendorId: app.w.vendor.id }, {}],
    ['/vendor', owner, {}, {}],
  ] as const;
  let serial = 0;
  for (const [base, caller, params, extra] of sides) {
    const email = `probe-invited-${++serial}@example.com`;
    const list = `${base}/invitations`;
    const one = `${list}/{invitationId}`;
    const made = (await probe('POST', list, { ...caller, params, json: { email, name: 'Probe', ...extra } })).body;
    const taken = base === '/admin' ? app.w.limited.email : app.w.employee.email;
    await probe('POST', list, { ...caller, params, json: { email: taken, name: 'Probe', ...extra } });
    await probe('GET', list, { ...caller, params });
    const on = { ...params, invitationId: made.id as string };
    for (let mail = 2; mail <= 6; mail++) await probe('POST', `${one}/resend`, { ...caller, params: on });
    await probe('DELETE', one, { ...caller, params: on });
    const overLong = { ...params, invitationId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
    await probe('POST', `${one}/resend`, { ...caller, params: overLong });
    await probe('DELETE', one, { ...caller, params: overLong });
    await probe('POST', list, { ...caller, params, json: { email, name: 'Probe', ...extra } });
  }
  await probe('POST', '/vendor/invitations', {
    ...owner,
    json: { email: 'probe-no-store@example.com', name: 'Probe', store_ids: ['no-such-store'] },
  });

  for (const [role, caller, list, extra] of [
    ['admin', admin, '/admin/invitations', { admin_type: 'admin' }],
    ['vendor', owner, '/vendor/invitations', {}],
  ] as const) {
    const accept = `/auth/${role}/invitations/accept`;
    await probe('POST', accept, { json: { token: 'never-issued', password: PASSWORD } });
    const email = `probe-accepting-${role}@example.com`;
    const since = app.mail.messages.length;
    await probe('POST', list, { ...caller, json: { email, name: 'Probe', ...extra } });
    await probe('POST', accept, {
      json: { token: (await invitationMail(app.mail, email, role, since)).token, password: PASSWORD },
    });
    // An address that got an account while the invitation waited.
    const late = `probe-late-${role}@example.com`;
    const before = app.mail.messages.length;
    await probe('POST', list, { ...caller, json: { email: late, name: 'Probe', ...extra } });
    const { token } = await invitationMail(app.mail, late, role, before);
    await withContainer(app.db, ({ auth }) =>
      role === 'admin'
        ? auth.operator.createAdmin({ email: late, name: 'Late', password: PASSWORD, admin_type: 'admin' })
        : auth.operator.createEmployee({ vendor_id: app.w.vendor.id, email: late, name: 'Late', password: PASSWORD }),
    );
    await probe('POST', accept, { json: { token, password: PASSWORD } });
  }
}
