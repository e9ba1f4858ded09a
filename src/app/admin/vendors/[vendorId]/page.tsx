// /admin/vendors/<vendor id>: one vendor business, for admins with the `vendors` module.
import { VendorPage } from '@/ui/admin/vendor-page';

export const metadata = { title: 'Vendor business' };

export default async function Page({ params }: { params: Promise<{ vendorId: string }> }) {
  const { vendorId } = await params;
  return <VendorPage vendorId={vendorId} />;
}
