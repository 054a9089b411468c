import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry on this shared 2-core machine (decision 051); `npm test` names every test that needed
  // it, so a flaky test is reported, never silent.
  retries: 1,
  timeout: 30_000,
  // Two cores shared by several test runs: a lazy route chunk can take more than the default 5 s.
  expect: { timeout: 10_000 },
  outputDir: '../.test-output/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Flags for a sandboxed root machine with no network but loopback.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Any *.e2e.test host is this machine: a test makes its own tenant with its own host
        // (tenants.host), so tests that change a theme never see each other's.
        '--host-resolver-rules=MAP *.e2e.test 127.0.0.1',
      ],
    },
  },
});
