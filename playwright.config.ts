// Playwright: the browser tests in e2e/ against the built app (see e2e/fixtures.ts). Debian's
// Chromium where it is installed (Playwright cannot download browsers on these machines), else
// Playwright's own browser.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const SYSTEM_CHROMIUM = process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium';
const useSystemChromium = process.env.E2E_BUNDLED_BROWSER !== '1' && existsSync(SYSTEM_CHROMIUM);

/**
 * Where a run of the browser tests writes its JSON report (read by the test run for its counts) and
 * its artifacts: E2E_OUTPUT names a folder of its own for each shard that runs beside another, since
 * Playwright empties its output folder at start.
 */
const E2E_OUTPUT = process.env.E2E_OUTPUT || 'test-results/e2e';
export const e2eReport = (output: string) => `${output}/results.json`;

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder at start; keep it apart from the other stages' reports.
  outputDir: `${E2E_OUTPUT}/artifacts`,
  globalSetup: './e2e/global-setup.ts',
  // One per shard when the test run runs shards beside its other jobs (E2E_WORKERS=1).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // Generous: the CI machine runs these beside the Node LTS stage on two cores, where a test that
  // takes 35 s alone has taken over a minute. Speed is the benchmark's to judge, not these limits.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: e2eReport(E2E_OUTPUT) }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace of actions and DOM snapshots; its screencast frames, encoded all
    // the while for every test, cost about a tenth of a spec's CPU and are left out.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: useSystemChromium
      ? {
          executablePath: SYSTEM_CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
            // Stops Chromium's own lookups of outside hosts; the app is on loopback.
            '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
          ],
        }
      : {},
  },
  projects: [{ name: 'chromium' }],
});
