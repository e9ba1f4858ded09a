// The npm packages as their users get them: packed from this checkout, each installed into an empty
// folder outside it (its dependencies from the registry), and run there by plain `node`.
import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { ROOT } from './app-process';

const run = promisify(execFile);
export const CONSUMERS = path.join(ROOT, 'test', 'package-consumers');

export interface Tarballs {
  guard: string;
  client: string;
}

/** The file name `npm pack` gives a package: `@commerce-auth/guard` 0.1.0 is commerce-auth-guard-0.1.0.tgz. */
function tarballOf(folder: string): string {
  const { name, version } = JSON.parse(readFileSync(path.join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return path.join(ROOT, 'packages', `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
}

/** `npm run packages:pack`, as a maintainer makes the tarballs. */
export async function packTarballs(): Promise<Tarballs> {
  await run('npm', ['run', '-s', 'packages:pack'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  return { guard: tarballOf('guard'), client: tarballOf('client') };
}

/** An empty folder outside the checkout: nothing of the app's node_modules can resolve from it. */
export function emptyFolder(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `commerce-auth-${label}-`));
}

/**
 * `npm install <tarball>` in a new empty folder, npm run by `node` (a release's binary): with
 * --engine-strict, npm refuses a package whose engines leave that release out.
 */
export async function installInEmptyFolder(tarball: string, node: string, label: string): Promise<string> {
  const folder = emptyFolder(label);
  try {
    await run('npm', ['install', '--engine-strict', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: folder,
      env: { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH ?? ''}` },
    });
  } catch (error) {
    removeFolders([folder]);
    throw error;
  }
  return folder;
}

/** Copies consumer programs (files of test/package-consumers, `spa/main.js`...) to the top of `folder`. */
export function copyConsumers(folder: string, ...names: string[]): void {
  for (const name of names) cpSync(path.join(CONSUMERS, name), path.join(folder, path.basename(name)));
}

/** What a consumer program runs with: a production service's environment, nothing of this process's. */
const consumerEnv = (env: Record<string, string>) => ({
  NODE_ENV: 'production' as const,
  PATH: process.env.PATH ?? '',
  ...env,
});

/** Runs `file` in `folder` with `node` alone (no loader) and answers its printed JSON line. */
export async function runNode(node: string, folder: string, file: string, env: Record<string, string>): Promise<any> {
  const { stdout } = await run(node, [file], { cwd: folder, env: consumerEnv(env) });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

export interface NodeService {
  url: string;
  stop(): Promise<void>;
}

/** Starts `file` in `folder` with `node` alone; it prints `listening on <port>` once it serves. */
export async function startNodeService(
  node: string,
  folder: string,
  file: string,
  env: Record<string, string>,
): Promise<NodeService> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(node, [file], {
    cwd: folder,
    env: consumerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not listen within 30 s:\n${output}`)), 30_000);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * tsc of the app's checkout on `file` in `folder`, resolving packages as Node does (a thrown error carries tsc's
 * output).
 */
export async function typeCheck(folder: string, file: string): Promise<void> {
  const compilerOptions = {
    noEmit: true,
    strict: true,
    module: 'nodenext',
    target: 'es2022',
    lib: ['es2023', 'dom'],
    types: [],
    skipLibCheck: false,
  };
  writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: [file] }));
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', folder], { cwd: folder }).catch((error: Error & { stdout?: string }) => {
    throw new Error(`tsc refused ${file}:\n${error.stdout ?? error.message}`);
  });
}

/** `vite build` (the checkout's pinned Vite) of the app in `folder`, with `env` read at build time. */
export async function viteBuild(folder: string, env: Record<string, string>): Promise<string> {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: folder, env: { ...process.env, ...env } });
  return path.join(folder, 'dist');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
};

/** Serves the files of `folder` on loopback at `port`, as a static host of a built app does. */
export async function serveStatic(folder: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const wanted = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = path.join(folder, wanted === '/' ? 'index.html' : path.normalize(wanted));
    if (!file.startsWith(folder)) return void res.writeHead(404).end();
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

export const removeFolders = (folders: string[]) => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
};
