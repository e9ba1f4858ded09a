// Every address the app has no page for (404): in the product's own look, styled by its own
// stylesheet (the CSP refuses the inline styles of Next.js's default), with the ways back.
import Link from 'next/link';
import { SignInDoors } from '@/ui/components/sign-in-doors';

export const metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <SignInDoors
      title="Page not found"
      lead={
        <>
          There is no page at this address. Go back to the <Link href="/">start page</Link>, or sign in:
        </>
      }
    />
  );
}
