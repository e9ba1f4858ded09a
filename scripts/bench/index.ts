// `npm run bench`: starts the built app on a scratch database, measures every row side by side with
// the framework's and bcrypt's ceilings, prints one table and writes it to bench/results/.
// `npm run bench -- --smoke`: every row for 1 s at bcrypt cost 4, exit 1 on any error.
// `npm run bench -- --scale [--customers N]`: the routes on a seeded database beside an empty one (scale.ts).
// `npm run bench -- --releases`: the sign-ins and token routes on this Node beside the current LTS (releases.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { peakRssMiB } from './load';
import { parseOptions, type BenchOptions } from './options';
import { measureRevocation, type RevocationResult } from './revocation';
import { checkTargets, markdownReport, writeResults, type RunInfo } from './report';
import { releasesMarkdown, runReleasesBench } from './releases';
import { runScaleBench, scaleMarkdown } from './scale';
import { runScenarios } from './scenarios';
import { startTarget } from './setup';
import { measureGuardKit, type KitBench } from './guard-kit';
import { measureTill, type TillBench } from './approvals';
import { measureApps, type AppsBench } from './apps';
import { measureWebhooks, type WebhookBench } from './webhooks';

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
  say(
    `${info.dialect}, bcrypt cost ${options.cost}, ${options.duration} s per row in ${options.rounds} round(s)${options.smoke ? ' (smoke)' : ''}; build in ${options.distDir}/`,
  );

  if (options.scale) return scaleRun(options, info, say);
  if (options.releases) return releasesRun(options, info, say);
  const target = await startTarget(options);
  say(`app started at ${target.app.url} on a scratch ${info.dialect} database`);
  let rows;
  let loopDelays;
  let revocation: RevocationResult;
  let rssMiB: number;
  let webhooks: WebhookBench;
  let kit: KitBench;
  let till: TillBench;
  let apps: AppsBench;
  try {
    ({ rows, loopDelays } = await runScenarios(target, options, say));
    rssMiB = peakRssMiB(target.app.process.pid);
    revocation = await measureRevocation(target, options.smoke ? 2 : 20, say);
    webhooks = await measureWebhooks(target, options.duration, options.rounds, say);
    kit = await measureGuardKit(target, options.duration, options.rounds, options.connections, say);
    till = await measureTill(target, options.duration, options.rounds, say);
    apps = await measureApps(target, options, say);
  } catch (error) {
    say(`failed; the app's last output:\n${target.app.output.slice(-30).join('\n')}`);
    throw error;
  } finally {
    await target.close();
  }

  const extra = { revocation, rssMiB, loopDelays, cacheSize: target.cacheSize, webhooks, kit, till, apps };
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
    say(
      `revocation: errors in ${revocationErrors.map((r) => r.label).join(', ') || 'none'}; next request refused ${revocation.nextRequestRefused} of ${revocation.nextRequestTrials}`,
    );
    return 1;
  }
  const webhookErrors = webhooks.changes.reduce((sum, r) => sum + r.errors, 0) + webhooks.delivery.errors;
  if (webhookErrors > 0) {
    say(`webhooks: ${webhookErrors} errors (${JSON.stringify(webhooks)})`);
    return 1;
  }
  const appRows = [apps.ownRefresh, apps.appRefresh, apps.codeExchange];
  if (appRows.some((m) => m.errors > 0 || m.requests === 0) || apps.kit.requestsToAuth > 0) {
    say(
      `apps: statuses ${appRows.map((m) => JSON.stringify(m.statuses)).join(', ')}; ${apps.kit.requestsToAuth} calls to the auth service while verifying app tokens`,
    );
    return 1;
  }
  if (kit.introspection.errors > 0 || kit.feed.requestsToAuth > 0) {
    say(
      `guard kit: ${kit.introspection.errors} introspection errors ${JSON.stringify(kit.introspection.statuses)}; ${kit.feed.requestsToAuth} calls to the auth service while verifying in feed mode`,
    );
    return 1;
  }
  return 0;
}

const dialectName = (info: RunInfo) => (info.dialect === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL');

/** Prints a side-by-side run's table and keeps it as `<name>-<dialect>.md` with its data as `.json`. */
async function keepResult(
  options: BenchOptions,
  info: RunInfo,
  name: string,
  markdown: string,
  result: object,
  say: (message: string) => void,
) {
  process.stdout.write(`\n${markdown}\n`);
  const file = path.join(options.resultsDir, `${name}-${info.dialect}.md`);
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(file, markdown);
  await writeFile(
    file.replace(/\.md$/, '.json'),
    `${JSON.stringify({ info, ...result, at: new Date().toISOString() }, null, 2)}\n`,
  );
  say(`wrote ${path.relative(process.cwd(), file)} and its .json`);
}

async function releasesRun(options: BenchOptions, info: RunInfo, say: (message: string) => void): Promise<number> {
  const result = await runReleasesBench(options, say);
  await keepResult(options, info, 'releases', releasesMarkdown(result, info.command, dialectName(info)), result, say);
  const failing = result.rows.filter((r) => r.sides.some((m) => m.errors > 0 || m.requests === 0));
  if (failing.length > 0) say(`errors or no answers in: ${failing.map((r) => r.label).join(', ')}`);
  return failing.length > 0 ? 1 : 0;
}

async function scaleRun(options: BenchOptions, info: RunInfo, say: (message: string) => void): Promise<number> {
  const result = await runScaleBench(options, say);
  await keepResult(
    options,
    info,
    options.scaleRows ? 'scale-rows' : 'scale',
    scaleMarkdown(result, info.command, dialectName(info)),
    result,
    say,
  );
  const failing = result.rows.filter(
    (r) => r.seeded.errors + r.empty.errors > 0 || r.seeded.requests === 0 || r.empty.requests === 0,
  );
  if (failing.length > 0)
    say(
      `errors or no answers in: ${failing.map((r) => `${r.label} ${JSON.stringify(r.seeded.statuses)} ${JSON.stringify(r.empty.statuses)}`).join(', ')}`,
    );
  return failing.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
