// /vendor/pos/pair: a till takes the pairing code that makes it one of the shop's POS terminals.
import { AuthLayout } from '@/ui/components/auth-layout';
import { PosPairForm } from '@/ui/vendor/pos-pair-form';

export const metadata = { title: 'Pair this device' };

export default function Page() {
  return (
    <AuthLayout role="vendor" title="Pair this device" lead="Type the pairing code the owner got for this terminal.">
      <PosPairForm />
    </AuthLayout>
  );
}
