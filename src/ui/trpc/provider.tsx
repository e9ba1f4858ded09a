'use client';
// The tRPC and React Query provider: requests go through the refresh-on-401 link, and a session
// that cannot be refreshed sends the user back to the role's login page with a message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/trpc/router';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TRPC_ENDPOINT } from '@/contract/trpc-endpoints';
import { loginPath } from '../auth/role-text';
import { trpc } from './client';
import { bearerHeaderOf, refreshOnUnauthorizedLink } from './refresh-link';

/** Retries only what may pass on a second try: network faults and server errors, once. */
function retryTransient(failures: number, error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>).data?.httpStatus : undefined;
  return failures < 1 && (status === undefined || status >= 500);
}

export function TrpcProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);

  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: retryTransient, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  const [client] = useState(() =>
    trpc.createClient({
      links: [
        refreshOnUnauthorizedLink({
          onSessionLost(role, hadToken) {
            queryClient.clear();
            routerRef.current.replace(loginPath(role, hadToken ? 'expired' : 'signin'));
          },
        }),
        httpLink({ url: TRPC_ENDPOINT, headers: ({ op }) => bearerHeaderOf(op.context) }),
      ],
    }),
  );

  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
