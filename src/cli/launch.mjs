// `npm run cli`: the operator commands. Under production rules (NODE_ENV=production) the build's
// bundle runs when there is one, plain JavaScript as `npm start` runs the server (decision 0030);
// otherwise the TypeScript sources run through tsx, so a development checkout never runs an old build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// It reads two variables itself: it decides which code runs, before any of the service can load.
/* eslint-disable no-restricted-properties */
const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'cli.mjs');
const production = process.env.NODE_ENV === 'production';
/* eslint-enable no-restricted-properties */
if (production && existsSync(bundle)) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'src', 'cli', 'index.ts')).href);
}
