// Comparing a secret at equal cost whether or not there is a hash to compare with: a missing
// account (or PIN) costs the same bcrypt comparison as a wrong secret, so timing reveals nothing.
import type { ServiceDeps } from './deps';

export function createEqualCostVerify({ hasher, newId }: Pick<ServiceDeps, 'hasher' | 'newId'>) {
  let dummyHash: Promise<string> | undefined;
  /** Whether `secret` matches `hash`; without a hash, a comparison with a dummy one that never matches. */
  return async function verifyOrDummy(secret: string, hash: string | undefined): Promise<boolean> {
    dummyHash ??= hasher.hash(newId());
    const valid = await hasher.verify(secret, hash ?? (await dummyHash));
    return hash !== undefined && valid;
  };
}
