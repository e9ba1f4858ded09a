// /admin/vendors/<vendor id>: one vendor business, for admins with the `vendors` module.
import { VendorPage } from '@/ui/admin/vendor-page';
import { titleOf } from '@/ui/admin/page-title';

export const generateMetadata = titleOf('admin.vendor');

export default async function Page({ params }: { params: Promise<{ vendorId: string }> }) {
  const { vendorId } = await params;
  return <VendorPage vendorId={vendorId} />;
}
