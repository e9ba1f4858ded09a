'use client';
// "Your sessions" for every signed-in account: where the account is signed in, and ending any of
// those sessions (OWASP ASVS 5.0, 7.5.2). The access token carries no session id, so the page
// cannot tell which entry is this browser; the hint says what ending it does.
import type { Role } from '@/contract/auth-schemas';
import { nextCursorOf, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { Panel, panelStyles } from '../components/panel';
import { trpc } from '../trpc/client';
import { SessionsList } from './sessions-list';

export function OwnSessions({ role }: { role: Role }) {
  const utils = trpc.useUtils();
  const query = trpc[role].listOwnSessions.useInfiniteQuery(
    { limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );

  async function endSession(sessionId: string) {
    await utils.client[role].endOwnSession.mutate({ sessionId });
    await utils[role].listOwnSessions.invalidate();
  }

  return (
    <Panel title="Your sessions">
      <p className={panelStyles.muted}>
        Every browser and device where your account is signed in. Ending the session of this browser signs you out here
        once its access runs out.
      </p>
      <SessionsList query={query} onEnd={endSession} empty="No active sessions." />
    </Panel>
  );
}
