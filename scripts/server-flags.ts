// How the server is started, read from `npm start` in package.json so that the tests, the bench and
// the cluster script start the process exactly as production does (decision 0006).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The start script's words after `node`, with its `${NAME:-default}` parts read from `env` as the shell does. */
function startScriptWords(env: Record<string, string | undefined>): string[] {
  const start = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts.start!;
  return start
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback));
}

/** The `--flag=value` arguments of the start script (HEAP_LIMIT_MIB raises the heap bound). */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  return startScriptWords(env).filter((word) => /^--[a-z-]+=\S+$/.test(word));
}

/**
 * The server file the start script runs, relative to the project root: the bundle `npm run build`
 * writes into the build folder (NEXT_DIST_DIR, `.next` by default).
 */
export function serverEntry(env: Record<string, string | undefined> = process.env): string {
  return startScriptWords(env).at(-1)!;
}
