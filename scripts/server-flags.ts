// The Node flags the server runs with, read from `npm start` in package.json so that the tests, the
// bench and the cluster script start the process exactly as production does (decision 0006).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The `--flag=value` arguments before `--import tsx` in the start script, with its `${NAME:-default}`
 * parts read from `env` as the shell does (HEAP_LIMIT_MIB raises the heap bound).
 */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  return start
    .split(/\s+/)
    .filter((arg) => /^--[a-z-]+=\S+$/.test(arg))
    .map((arg) => arg.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback));
}
