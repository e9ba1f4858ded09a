// The root layout: the design system's base styles and the tRPC/React Query provider.
import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { TrpcProvider } from '@/ui/trpc/provider';
import '@/ui/styles/globals.css';

export const metadata: Metadata = {
  title: { default: 'Commerce Auth', template: '%s · Commerce Auth' },
  description: 'Sign-in for admins and vendor staff of the commerce platform',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, so Next.js can put the request's CSP nonce on its scripts.
  await connection();
  return (
    <html lang="en">
      <body>
        <TrpcProvider>{children}</TrpcProvider>
      </body>
    </html>
  );
}
