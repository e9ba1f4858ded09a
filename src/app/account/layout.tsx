// The pages under /account: their part's messages on top of the root layout's (docs/languages.md).
import type { ReactNode } from 'react';
import { PartMessages } from '@/ui/i18n/page-messages';

export default function Layout({ children }: { children: ReactNode }) {
  return <PartMessages part="account">{children}</PartMessages>;
}
