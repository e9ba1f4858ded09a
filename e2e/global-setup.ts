// Before any browser test: the tests run against the production build, so it must exist.
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function globalSetup() {
  // NEXT_DIST_DIR names the build folder, as in next.config.mjs (side-by-side builds).
  const buildId = path.resolve(import.meta.dirname, '..', process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  if (!existsSync(buildId)) {
    throw new Error('No production build: run `npm run build` first (or `npm test -- e2e`, which builds).');
  }
}
