'use client';
// "Invite staff" on the POS page, for owners and those who manage staff (staff / write): the form
// opens on request (a till's page stays short), and the pending invitations can be sent again or
// revoked. The invited person chooses their own password from the mailed link.
import type { VendorContext } from '@/contract/auth-schemas';
import { Disclosure } from '../components/disclosure';
import { Panel, panelStyles } from '../components/panel';
import { StaffInvitations } from '../admin/invitation-list';
import { InviteEmployeeForm } from '../admin/invite-employee-form';

export function InviteStaffPanel({ stores }: { stores: VendorContext['stores'] }) {
  return (
    <Panel title="Invite staff">
      <Disclosure
        label="Invite someone"
        subject="to the team"
        summary={<p className={panelStyles.muted}>They get an e-mail to choose their own password.</p>}
      >
        <InviteEmployeeForm stores={stores} />
      </Disclosure>
      <h3>Pending invitations</h3>
      <StaffInvitations />
    </Panel>
  );
}
