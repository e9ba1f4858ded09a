'use client';
// "Invite staff" on the POS page, for owners and those who manage staff (staff / write): the form
// opens on request (a till's page stays short), and the pending invitations can be sent again or
// revoked. The invited person chooses their own password from the mailed link.
import { useTranslations } from 'next-intl';
import type { VendorContext } from '@/contract/auth-schemas';
import { Disclosure } from '../components/disclosure';
import { Panel, panelStyles } from '../components/panel';
import { StaffInvitations } from '../admin/invitation-list';
import { InviteEmployeeForm } from '../admin/invite-employee-form';

export function InviteStaffPanel({ stores }: { stores: VendorContext['stores'] }) {
  const t = useTranslations('vendor.inviteStaff');
  return (
    <Panel title={t('title')}>
      <Disclosure
        label={t('invite')}
        subject={t('subject')}
        summary={<p className={panelStyles.muted}>{t('summary')}</p>}
      >
        <InviteEmployeeForm stores={stores} />
      </Disclosure>
      <h3>{t('pending')}</h3>
      <StaffInvitations />
    </Panel>
  );
}
