// `npm test`: the whole suite: lint, typecheck, build, unit and integration tests (vitest),
// end-to-end tests (Playwright in Chromium). Every stage runs even when another fails, and the
// last line sums them up as "N passed, N failed, N skipped".
//
// Three lanes run side by side, since each leaves most of two cores idle while it waits on
// timers, servers and the browser: lint then the typechecks (at a lower priority: nothing in
// them waits on a clock), vitest, and the build then Playwright. Playwright's output is shown as
// it comes; each other stage's is printed whole, under its name, when it ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { bin, root, run } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-test-'));
const keyring = path.join(root, 'scripts/with-keyring.sh');
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a command with its output kept, then printed whole; resolves to its exit code. */
function runQuietly(command, args, { priority = 0, ...options } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root, ...options });
    if (priority && child.pid) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // not allowed here: it runs at the usual priority
      }
    }
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code, text = '') => resolve({ code, output: Buffer.concat(chunks).toString() + text });
    child.on('error', (error) => done(127, `Scout: could not run ${command}: ${error.message}\n`));
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

async function stage(name, command, args, options = {}) {
  const { live = false, ...rest } = options;
  const started = Date.now();
  let code;
  if (live) {
    process.stdout.write(`\n━━ ${name} ━━\n`);
    code = await run(command, args, rest);
  } else {
    const r = await runQuietly(command, args, rest);
    code = r.code;
    process.stdout.write(`\n━━ ${name} ━━\n${r.output}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!live) process.stdout.write(`(${name}: ${code === 0 ? 'ok' : `exit ${code}`}, ${seconds} s)\n`);
  results.push({ name, code, seconds });
  return code;
}

async function checks() {
  const niced = { priority: 10 };
  if ((await stage('lint', bin('eslint'), ['--max-warnings', '0', '.'], niced)) !== 0) totals.failed += 1;
  for (const project of ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json']) {
    if ((await stage(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit'], niced)) !== 0) totals.failed += 1;
  }
}

async function unitAndIntegration() {
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
}

async function buildAndEndToEnd() {
  const buildCode = await stage('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
  if (buildCode !== 0) {
    totals.failed += 1;
    return;
  }
  const playwrightJson = path.join(reports, 'playwright.json');
  // The Electron project needs a display; give it a virtual one where there is none.
  const useXvfb = !process.env.DISPLAY && spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0;
  const pw = [bin('playwright'), 'test'];
  await stage('end-to-end (Playwright)', keyring, useXvfb ? ['xvfb-run', '-a', ...pw] : pw, {
    live: true,
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

const started = Date.now();
await Promise.all([checks(), unitAndIntegration(), buildAndEndToEnd()]);

process.stdout.write('\n━━ summary ━━\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`);
process.stdout.write(`all stages, side by side: ${Math.round((Date.now() - started) / 1000)} s\n`);
const anyFailed = results.some((r) => r.code !== 0);
if (anyFailed && totals.failed === 0) totals.failed = 1;
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(anyFailed ? 1 : 0);
