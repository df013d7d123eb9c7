import { defineConfig } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace (every action with the DOM before and after); without the
    // screencast, which costs about a tenth of the suite's CPU time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testIgnore: /electron\.spec\.ts/,
      use: { browserName: 'chromium', launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs } },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
