'use client';
// Signing in for an app: the authorization server sends the person to the sign-in page with
// `return=/oauth/interaction/<uid>`; once signed in, the page hands its session to that interaction
// (the access token, by a same-origin JSON call) and follows where it answers, instead of going home.
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import type { Role } from '@/contract/auth-schemas';
import { accessTokens } from '../trpc/session-client';
import { homePath } from './role-text';

async function continueToApp(role: Role, appReturn: string): Promise<boolean> {
  const accessToken = accessTokens.get(role);
  if (!accessToken) return false;
  const res = await fetch(`${appReturn}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: accessToken }),
    credentials: 'same-origin',
  });
  const answer = res.ok ? ((await res.json()) as { redirect_to?: unknown }) : {};
  if (typeof answer.redirect_to !== 'string') return false;
  window.location.assign(answer.redirect_to);
  return true;
}

/** What a sign-in form does once signed in: on to the app that asked, or the role's home page. */
export function useAfterSignIn(role: Role, appReturn?: string): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (!appReturn) return router.push(homePath(role));
    // An interaction that has expired or refuses the session: the role's home page, signed in.
    void continueToApp(role, appReturn).then(
      (continued) => continued || router.push(homePath(role)),
      () => router.push(homePath(role)),
    );
  }, [role, appReturn, router]);
}
