// The operator CLI run as operators run it (`npm run -s cli -- ...`), against a test's database.
import { spawn } from 'node:child_process';
import { appEnv, ROOT } from './app-process';
import type { TestDatabase } from './databases';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
  /** performance.now() when the command's answer (its first output) arrived: its change is committed by then. */
  answeredAt?: number;
}

/** `env` goes on top of a test server's settings (a variable given as undefined is left out). */
export function runCli(
  db: TestDatabase,
  args: string[],
  stdin?: string,
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'cli', '--', ...args], {
      cwd: ROOT,
      env: appEnv(db, { LOG_LEVEL: 'warn', ...env }) as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    let answeredAt: number | undefined;
    child.stdout.on('data', (c: Buffer) => {
      answeredAt ??= performance.now();
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.stdin.end(stdin ?? '');
    child.on('close', (code) => {
      let json: unknown = null;
      try {
        json = JSON.parse(stdout);
      } catch {
        // not JSON: the assertions say so
      }
      resolve({ code: code ?? 1, stdout, stderr, json, answeredAt });
    });
  });
}
