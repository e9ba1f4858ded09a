'use client';
// The pending invitations of one list (the admins', or a business's staff), each with its rights'
// summary, when its link runs out, and buttons to send it again (a new link, the old one void) or
// revoke it.
import { useMutation } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import listStyles from '../components/list.module.css';
import { nextCursorOf, PAGE_SIZE, PagedList, type PagedQuery } from '../components/paged-list';
import { panelStyles } from '../components/panel';
import { shownErrorOf, trpc } from '../trpc/client';
import { useModulesInWords } from './account-status';

interface Invited {
  id: string;
  name: string;
  email: string;
  expires_at: string;
  modules: string[];
}

function InvitationList<T extends Invited>({
  query,
  resend,
  revoke,
  changed,
}: {
  query: PagedQuery<T>;
  resend(id: string): Promise<unknown>;
  revoke(id: string): Promise<unknown>;
  changed(): Promise<void>;
}) {
  const t = useTranslations('admin.invitations');
  const format = useFormatter();
  const modulesInWords = useModulesInWords();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const again = useMutation({ mutationFn: (i: T) => resend(i.id), onSuccess: changed });
  const gone = useMutation({ mutationFn: (i: T) => revoke(i.id), onSuccess: changed });
  const failed = again.error ?? gone.error;
  const busy = again.isPending || gone.isPending;
  return (
    <>
      <LiveAlert tone="error" message={failed ? shownErrorOf(failed).message : null} />
      <LiveAlert
        tone="success"
        message={
          again.isSuccess
            ? t('resent', { email: again.variables.email })
            : gone.isSuccess
              ? t('revoked', { email: gone.variables.email })
              : null
        }
      />
      <PagedList query={query} label={t('label')} noun={t('noun')} one={t('one')} empty={t('empty')}>
        {(invitation) => (
          <li className={`${listStyles.item} ${listStyles.row}`}>
            <span>
              {invitation.name} ({invitation.email})
              <span className={panelStyles.muted}>
                {' '}
                {t('rights', {
                  modules: modulesInWords(invitation.modules),
                  until: format.dateTime(new Date(invitation.expires_at), { dateStyle: 'medium', timeStyle: 'short' }),
                })}
              </span>
            </span>
            <span>
              <Button
                variant="secondary"
                onClick={() => again.mutate(invitation)}
                pending={again.isPending && again.variables.id === invitation.id}
                disabled={busy}
                pendingLabel={t('sending')}
              >
                {t.rich('sendAgain', { email: invitation.email, hidden })}
              </Button>{' '}
              <Button
                variant="secondary"
                onClick={() => gone.mutate(invitation)}
                pending={gone.isPending && gone.variables.id === invitation.id}
                disabled={busy}
                pendingLabel={t('revoking')}
              >
                {t.rich('revoke', { email: invitation.email, hidden })}
              </Button>
            </span>
          </li>
        )}
      </PagedList>
    </>
  );
}

/** The admins' pending invitations (module `admins`). */
export function AdminInvitations() {
  const utils = trpc.useUtils();
  const query = trpc.admin.listAdminInvitations.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <InvitationList
      query={query}
      resend={(invitationId) => utils.client.admin.resendAdminInvitation.mutate({ invitationId })}
      revoke={(invitationId) => utils.client.admin.revokeAdminInvitation.mutate({ invitationId })}
      changed={() => utils.admin.listAdminInvitations.invalidate()}
    />
  );
}

/** A business's pending staff invitations: an admin's view (`vendorId`), or the vendor account's own business. */
export function StaffInvitations({ vendorId }: { vendorId?: string }) {
  return vendorId ? <BusinessInvitations vendorId={vendorId} /> : <OwnBusinessInvitations />;
}

function BusinessInvitations({ vendorId }: { vendorId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.listStaffInvitations.useInfiniteQuery(
    { vendorId, limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <InvitationList
      query={query}
      resend={(invitationId) => utils.client.admin.resendStaffInvitation.mutate({ vendorId, invitationId })}
      revoke={(invitationId) => utils.client.admin.revokeStaffInvitation.mutate({ vendorId, invitationId })}
      changed={() => utils.admin.listStaffInvitations.invalidate({ vendorId })}
    />
  );
}

function OwnBusinessInvitations() {
  const utils = trpc.useUtils();
  const query = trpc.vendor.listStaffInvitations.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <InvitationList
      query={query}
      resend={(invitationId) => utils.client.vendor.resendStaffInvitation.mutate({ invitationId })}
      revoke={(invitationId) => utils.client.vendor.revokeStaffInvitation.mutate({ invitationId })}
      changed={() => utils.vendor.listStaffInvitations.invalidate()}
    />
  );
}
