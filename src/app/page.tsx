// The landing page: where customers, vendor staff and admins choose how to sign in.
import { SignInDoors } from '@/ui/components/sign-in-doors';

export default function Home() {
  return <SignInDoors title="Sign in to the commerce platform" lead="Choose how you work with the platform." />;
}
