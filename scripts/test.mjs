// `npm test`: the whole suite, in order from fast to real: lint, typecheck, build, unit and
// integration tests (vitest), end-to-end tests (Playwright in Chromium). Every stage runs even
// when an earlier one fails, and the last line sums them up as "N passed, N failed, N skipped".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { bin, root, run } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-test-'));
const keyring = path.join(root, 'scripts/with-keyring.sh');
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

async function stage(name, command, args, options) {
  process.stdout.write(`\n━━ ${name} ━━\n`);
  const started = Date.now();
  const code = await run(command, args, options);
  results.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
  return code;
}

const lintCode = await stage('lint', bin('eslint'), ['--max-warnings', '0', '.']);
if (lintCode !== 0) totals.failed += 1;
for (const project of ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json']) {
  if ((await stage(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit'])) !== 0) totals.failed += 1;
}
const buildCode = await stage('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
if (buildCode !== 0) totals.failed += 1;

const vitestJson = path.join(reports, 'vitest.json');
await stage('unit and integration (vitest)', keyring, [
  bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  // A file that fails to load has no failed test of its own; count it once.
  const brokenFiles = (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  totals.failed += r.numFailedTests + brokenFiles;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

if (buildCode === 0) {
  const playwrightJson = path.join(reports, 'playwright.json');
  // The Electron project needs a display; give it a virtual one where there is none.
  const useXvfb = !process.env.DISPLAY && spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0;
  const pw = [bin('playwright'), 'test'];
  await stage('end-to-end (Playwright)', keyring, useXvfb ? ['xvfb-run', '-a', ...pw] : pw, {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
  });
  if (fs.existsSync(playwrightJson)) {
    const s = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } else {
    totals.failed += 1;
  }
}

process.stdout.write('\n━━ summary ━━\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`);
const anyFailed = results.some((r) => r.code !== 0);
if (anyFailed && totals.failed === 0) totals.failed = 1;
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(anyFailed ? 1 : 0);
