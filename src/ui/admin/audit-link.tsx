'use client';
// The link from an account's entry to its events on the audit page, for admins who hold `audit`.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { passesModuleGuard } from '@/core/module-access';
import { adminSubject } from '../session/module-navigation';
import { trpc } from '../trpc/client';

export function AuditLink({ accountId, name }: { accountId: string; name: string }) {
  const t = useTranslations('admin.auditLink');
  const profile = trpc.admin.me.useQuery().data?.admin;
  if (!profile || !passesModuleGuard(adminSubject(profile), 'audit')) return null;
  return (
    <>
      <h4>{t('title')}</h4>
      <p>
        <Link href={`/admin/audit?account_id=${encodeURIComponent(accountId)}`}>{t('events', { name })}</Link>
      </p>
    </>
  );
}
