// /admin/audit: the stored security events, for admins with the `audit` module.
import { AuditPage } from '@/ui/admin/audit-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.audit');

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { account_id: accountId } = await searchParams;
  const id = typeof accountId === 'string' ? accountId : '';
  // Keyed, so following another account's link starts from that account's filters.
  return <AuditPage key={id} accountId={id} />;
}
