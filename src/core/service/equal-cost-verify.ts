// Comparing a secret at equal cost whether or not there is a hash to compare with: a missing
// account (or PIN) costs the same bcrypt comparison as a wrong secret, so timing reveals nothing.
import type { ServiceDeps } from './deps';

export function createEqualCostVerify({ hasher, newId }: Pick<ServiceDeps, 'hasher' | 'newId'>) {
  let dummyHash: Promise<string> | undefined;
  /** Whether `secret` matches `hash`; without a hash, a comparison with a dummy one that never matches. */
  return async function verifyOrDummy(secret: string, hash: string | undefined): Promise<boolean> {
    if (!dummyHash) {
      // Made on the first comparison, even one that has a hash, and awaited only by the first that
      // has none: a failure (the hasher closing at shutdown) is made again by the next comparison
      // instead of reaching the process as an unhandled rejection.
      const made = hasher.hash(newId());
      made.catch(() => {
        if (dummyHash === made) dummyHash = undefined;
      });
      dummyHash = made;
    }
    const valid = await hasher.verify(secret, hash ?? (await dummyHash));
    return hash !== undefined && valid;
  };
}
