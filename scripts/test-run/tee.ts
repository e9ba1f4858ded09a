// A child process whose output is echoed line by line under a label while a copy is kept (the
// second release's preparation, beside the rest of the run).
import { spawn } from 'node:child_process';
import { ROOT } from './plan';

export function runTee(
  label: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    });
    let output = '';
    let partial = { stdout: '', stderr: '' };
    const echo = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stream === 'stdout') output += text;
      const lines = (partial[stream] + text).split('\n');
      partial = { ...partial, [stream]: lines.pop() ?? '' };
      for (const line of lines) process[stream].write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', echo('stdout'));
    child.stderr.on('data', echo('stderr'));
    child.on('close', (code) => {
      for (const stream of ['stdout', 'stderr'] as const)
        if (partial[stream]) process[stream].write(`[${label}] ${partial[stream]}\n`);
      resolve({ status: code ?? 1, output });
    });
  });
}
