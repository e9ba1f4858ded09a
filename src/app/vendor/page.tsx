// /vendor: vendor staff land on the POS context.
import { redirect } from 'next/navigation';

export default function Page() {
  redirect('/vendor/pos');
}
