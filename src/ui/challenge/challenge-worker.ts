// The Web Worker that solves a proof-of-work challenge for the pages: altcha-lib's own solver with
// its Web Crypto key derivation, bundled with the pages (no script from elsewhere).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { IssuedChallenge } from '@/contract/challenge-schemas';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<IssuedChallenge>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  void solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 }).then(
    (solution) => scope.postMessage(solution),
    () => scope.postMessage(null),
  );
};
