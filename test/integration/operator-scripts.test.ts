// Every script an operator runs answers `--help` with its usage (exit 0) and an unknown option with
// what was wrong and the usage (exit 2), before it starts anything, as operators run them: `npm run`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { ROOT } from '../support/app-process';

/** npm scripts and the arguments before `--help` (the CLI's commands are scripts of their own). */
const SCRIPTS: [string, ...string[]][] = [
  ['start'],
  ['start:dev'],
  ['dev'],
  ['cli'],
  ['cli', 'employee:create'],
  ['cluster'],
  ['bench'],
  ['db:check'],
  ['db:generate'],
  ['db:migrate:new'],
  ['db:seed-scale'],
  ['example:pos'],
];

function npmRun(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // No configuration at all: a usage answer must not need any.
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Regression: `npm run cluster -- --help` crashed with ERR_PARSE_ARGS_UNKNOWN_OPTION and a stack trace.
for (const [script, ...before] of SCRIPTS) {
  const name = [script, ...before].join(' ');
  test(`${name}: --help prints the usage; an unknown option is refused with it`, async () => {
    const [help, unknown] = await Promise.all([
      npmRun(script, [...before, '--help']),
      npmRun(script, [...before, '--no-such-option']),
    ]);
    assert.equal(help.code, 0, `${help.stdout}${help.stderr}`);
    assert.match(help.stdout, /^Usage: /m);
    assert.equal(help.stderr, '');

    assert.equal(unknown.code, 2, `${unknown.stdout}${unknown.stderr}`);
    assert.match(`${unknown.stdout}${unknown.stderr}`, /Unknown option '--no-such-option'/);
    assert.doesNotMatch(unknown.stderr, /\n\s+at /, 'no stack trace');
  });
}
