// `npm run bench`: starts the built app on a scratch database, measures every row side by side with
// the framework's and bcrypt's ceilings, prints one table and writes it to bench/results/.
// `npm run bench -- --smoke`: every row for 1 s at bcrypt cost 4, exit 1 on any error.
import path from 'node:path';
import { peakRssMiB } from './load';
import { parseOptions } from './options';
import { measureRevocation, type RevocationResult } from './revocation';
import { checkTargets, markdownReport, writeResults, type RunInfo } from './report';
import { runScenarios } from './scenarios';
import { startTarget } from './setup';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv, process.env);
  const info: RunInfo = {
    command: ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '),
    dialect: options.databaseUrl ? 'postgresql' : 'sqlite',
    cost: options.cost,
    duration: options.duration,
    rounds: options.rounds,
    connections: options.connections,
    smoke: options.smoke,
  };
  const say = (message: string) => process.stderr.write(`bench: ${message}\n`);
  say(`${info.dialect}, bcrypt cost ${options.cost}, ${options.duration} s per row in ${options.rounds} round(s)${options.smoke ? ' (smoke)' : ''}; build in ${options.distDir}/`);

  const target = await startTarget(options);
  say(`app started at ${target.app.url} on a scratch ${info.dialect} database`);
  let rows;
  let loopDelays;
  let revocation: RevocationResult;
  let rssMiB: number;
  try {
    ({ rows, loopDelays } = await runScenarios(target, options, say));
    rssMiB = peakRssMiB(target.app.process.pid);
    revocation = await measureRevocation(target, options.smoke ? 2 : 20, say);
  } catch (error) {
    say(`failed; the app's last output:\n${target.app.output.slice(-30).join('\n')}`);
    throw error;
  } finally {
    await target.close();
  }

  const extra = { revocation, rssMiB, loopDelays, cacheSize: target.cacheSize };
  const targets = checkTargets(rows, info, extra);
  const markdown = markdownReport(rows, targets, info, extra);
  process.stdout.write(`\n${markdown}\n`);
  if (!options.smoke) {
    const files = await writeResults(options.resultsDir, rows, targets, info, markdown, extra);
    say(`wrote ${files.map((f) => path.relative(process.cwd(), f)).join(', ')}`);
  }
  const failing = rows.filter((r) => r.errors > 0 || r.requests === 0);
  if (failing.length > 0) {
    say(`errors or no answers in: ${failing.map((r) => `${r.label} ${JSON.stringify(r.statuses)}`).join(', ')}`);
    return 1;
  }
  const revocationErrors = revocation.rows.filter((r) => r.errors > 0);
  if (revocationErrors.length > 0 || revocation.nextRequestRefused < revocation.nextRequestTrials) {
    say(`revocation: errors in ${revocationErrors.map((r) => r.label).join(', ') || 'none'}; next request refused ${revocation.nextRequestRefused} of ${revocation.nextRequestTrials}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
