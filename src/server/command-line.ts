// The command line of an operator's script: `--help` (or `-h`) prints its usage and exits 0; an
// unknown option, a missing value or a stray argument prints what was wrong, then the usage, and
// exits 2 (the exit code of a usage error), instead of a stack trace.
import { parseArgs } from 'node:util';

type OptionSpec = { type: 'string' | 'boolean'; short?: string; default?: string | boolean };
type Value<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : string;
/** Options with a default always have a value; the others may be missing. */
type Values<T extends Record<string, OptionSpec>> = {
  [K in keyof T as T[K] extends { default: unknown } ? K : never]: Value<T[K]>;
} & {
  [K in keyof T as T[K] extends { default: unknown } ? never : K]?: Value<T[K]>;
};

export interface CommandLineSettings {
  argv?: string[];
  /** How many arguments without a flag the script takes (default none). */
  positionals?: number;
}

export function commandLine<T extends Record<string, OptionSpec>>(
  usage: string,
  options: T,
  settings: CommandLineSettings = {},
) {
  const { argv = process.argv.slice(2), positionals = 0 } = settings;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: positionals > 0,
    });
    if (parsed.positionals.length > positionals)
      throw new Error(`Unexpected argument '${parsed.positionals[positionals]}'`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage.trim()}\n`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage.trim()}\n`);
    process.exit(0);
  }
  return { values: parsed.values as unknown as Values<T>, positionals: parsed.positionals };
}
