// Flag parsing for the operator CLI: --flag value pairs, lists as comma-separated values.
import { parseArgs } from 'node:util';
import { AuthError } from '@/core/auth-error';

/**
 * Every command reads its flags first: a command run with `flagsOnly` stops there, with what it
 * takes (`--help`) or nothing (its flags are right), before it needs the configuration.
 */
export class FlagsRead extends Error {
  constructor(
    readonly flags: string[],
    readonly help: boolean,
  ) {
    super('flags read');
  }
}
const reading = { flagsOnly: false };

/** Runs `command` up to its parseFlags: throws its flag errors, resolves with a FlagsRead. */
export async function readFlagsOf(command: () => Promise<unknown>): Promise<FlagsRead> {
  reading.flagsOnly = true;
  try {
    await command();
    throw new Error('the command did not read its flags');
  } catch (error) {
    if (error instanceof FlagsRead) return error;
    throw error;
  } finally {
    reading.flagsOnly = false;
  }
}

export function parseFlags(argv: string[], names: string[], booleans: string[] = []) {
  const help = argv.includes('--help') || argv.includes('-h');
  const takes = () => [...names.map((n) => `--${n} <value>`), ...booleans.map((n) => `[--${n}]`)];
  if (reading.flagsOnly && help) throw new FlagsRead(takes(), true);
  const options = Object.fromEntries<{ type: 'string' | 'boolean' }>([
    ...names.map((n) => [n, { type: 'string' }] as const),
    ...booleans.map((n) => [n, { type: 'boolean' }] as const),
  ]);
  let values;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (error) {
    throw new AuthError('validation_failed', error instanceof Error ? error.message : String(error));
  }
  if (reading.flagsOnly) throw new FlagsRead(takes(), false);
  return values;
}

export function required(flags: Record<string, unknown>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new AuthError('validation_failed', `--${name} is required`);
  return value;
}

export const list = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** `pos:read,pos:write,orders:read` → { pos: ['read', 'write'], orders: ['read'] }. */
export function permissions(value: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const entry of list(value)) {
    const [module, action, extra] = entry.split(':');
    if (!module || !action || extra !== undefined)
      throw new AuthError('validation_failed', `--permissions: "${entry}" is not module:action`);
    (result[module] ??= []).push(action);
  }
  return result;
}

/** The password from --password, or from standard input with --password-stdin. */
export async function password(flags: Record<string, unknown>, name = 'password'): Promise<string> {
  if (flags['password-stdin']) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  return required(flags, name);
}
