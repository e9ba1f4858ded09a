// The end of the test run: each stage's time, the slowest jobs, the failed tests, and the last line
// `N passed, N failed, N skipped` over every stage.
import type { JobResult } from './jobs';

const SLOWEST = 12;
const round = (seconds: number) => Math.round(seconds);

/** Prints the summary; true when anything failed. */
export function printSummary(results: JobResult[], problems: string[], wallSeconds: number): boolean {
  console.log('\n=== stages (jobs; summed wall and CPU seconds of their jobs)');
  const stages = [...new Set(results.map((r) => r.job.stage))];
  for (const stage of stages) {
    const own = results.filter((r) => r.job.stage === stage);
    const sum = (pick: (r: JobResult) => number) => own.reduce((total, r) => total + pick(r), 0);
    console.log(
      `${stage}: ${own.length} jobs, ${sum((r) => r.passed)} passed, ${sum((r) => r.failed)} failed; ${round(sum((r) => r.wallSeconds))} s wall, ${round(sum((r) => r.cpuSeconds))} s CPU`,
    );
  }
  console.log(`\n=== the ${SLOWEST} slowest jobs`);
  for (const r of [...results].sort((a, b) => b.wallSeconds - a.wallSeconds).slice(0, SLOWEST)) {
    console.log(
      `${String(round(r.wallSeconds)).padStart(5)} s  ${String(round(r.cpuSeconds)).padStart(5)} s CPU  ${r.job.stage} ${r.job.name}`,
    );
  }
  const crashed = results.filter((r) => r.status !== 0 && r.failed === 0);
  for (const r of results)
    for (const name of r.failedTests) console.log(`failed: ${r.job.stage} ${r.job.name}: ${name}`);
  for (const r of crashed) console.log(`failed: ${r.job.stage} ${r.job.name}: exited ${r.status} outside any test`);
  for (const problem of problems) console.log(`failed: ${problem}`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0) + crashed.length + problems.length;
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  console.log(`\nThe run took ${round(wallSeconds)} s. ${failed ? 'Something failed.' : 'All stages passed.'}`);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed > 0;
}
