// The second step of `npm run build`: bundles the start script with the service it loads (our own
// TypeScript; packages stay external) into one JavaScript file in the build folder, and the operator
// CLI beside it. `npm start` then runs plain JavaScript, with no TypeScript loader in the server
// process (decision 0030), and so does `npm run cli` under production rules.
import path from 'node:path';
import { build } from 'esbuild';
import { serverEntry } from './server-flags';

const ROOT = path.resolve(import.meta.dirname, '..');
const outfile = path.resolve(ROOT, serverEntry());
/** Read by src/cli/launch.mjs. */
const cliOutfile = path.join(path.dirname(outfile), 'cli.mjs');

const bundled = (entry: string, file: string) =>
  build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Resolved from the build folder at run time, as Next.js's own server files resolve them.
    packages: 'external',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Beside the bundle, unread unless Node runs with --enable-source-maps (NODE_OPTIONS): turned on
    // for every module, Node would also read the maps of the packages' files at start-up.
    sourcemap: 'linked',
    logLevel: 'warning',
  });

await bundled(path.join(ROOT, 'src', 'server', 'start.ts'), outfile);
await bundled(path.join(ROOT, 'src', 'cli', 'index.ts'), cliOutfile);

console.log(`server bundled into ${path.relative(ROOT, outfile)}, the CLI into ${path.relative(ROOT, cliOutfile)}`);
