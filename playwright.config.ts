import { defineConfig } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from './e2e/chromium';

const browser = { browserName: 'chromium', launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs } } as const;
/** The files holding the longest tests (Playwright's JSON report has each test's duration). */
const slowestFirst = /\/(accessibility|widths|networks|discovery|tracking|keyboard)\.spec\.ts$/;

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
    // A failed test keeps its trace: every action with its log and timing, the console and the
    // network, beside the screenshot at the failure and the page's ARIA snapshot (error-context).
    // Without the screencast and the DOM copied before and after each action: recorded for every
    // test and thrown away for each that passes, they cost a fifth of the CPU time of a walk.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  // Two projects of one name ("browser"), so the workers take the files with the longest tests
  // (a minute or more each) first and end together, instead of one of them starting a two-minute
  // test when the other is nearly done. A file moved between them only changes the order.
  projects: [
    { name: 'browser', testMatch: slowestFirst, use: browser },
    { name: 'browser', testIgnore: [slowestFirst, /electron\.spec\.ts/], use: browser },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
