import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    // Integration tests start servers and child processes; two cores, so keep it to two workers.
    maxWorkers: 2,
    // npm test runs vitest beside Playwright: a test of a few seconds alone (the team's
    // watchlists, alerts) has taken over 20 s on a busy machine. A test that must be quick says
    // so with its own limit; these only stop one that hangs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
