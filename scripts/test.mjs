// `npm test`: the whole suite: lint, typecheck, build, unit and integration tests (vitest),
// end-to-end tests (Playwright in Chromium). Every stage runs even when another fails, and the
// last line sums them up as "N passed, N failed, N skipped".
//
// The build, vitest and Playwright run one after the other, each suite with the machine to
// itself: their tests wait on timers, servers and a browser, and two suites at once make each
// slow and sensitive to load. Lint and the typechecks wait on nothing, so they run beside them at
// idle priority (SCHED_IDLE: they get only the CPU time no test wants), and at the usual one once
// the tests are done; their output is printed whole, under each one's name, after Playwright's.
// Every stage's time is in the summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { bin, root, run } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-test-'));
const keyring = path.join(root, 'scripts/with-keyring.sh');
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's name and first line of error, repeated in the summary: CI shows only the tail. */
const failures = [];

/** The first line of an error message that says something, without colour codes. */
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ''));
  return (plain.split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 200);
}

const hasChrt = spawnSync('sh', ['-c', 'command -v chrt'], { stdio: 'ignore' }).status === 0;

/**
 * The checks' priority: idle while the tests run (SCHED_IDLE where chrt is, so they run only when
 * no other task wants the CPU; else the lowest nice), the usual one once the tests are done, so
 * that other work on a shared machine cannot hold them back for ever.
 */
const checkPriority = {
  idle: true,
  running: null,
  /** The checks still running, and those after them, at the usual priority. */
  raise() {
    this.idle = false;
    const pid = this.running?.pid;
    if (!pid || this.running.exitCode !== null) return;
    if (hasChrt) spawnSync('chrt', ['--all-tasks', '--other', '-p', '0', String(pid)], { stdio: 'ignore' });
    else setPriority(pid, 0);
  },
};

function setPriority(pid, priority) {
  try {
    os.setPriority(pid, priority);
  } catch {
    // not allowed here: it keeps the priority it has
  }
}

/** Runs a check with its output kept, at the checks' priority; resolves to its exit code and output. */
function runCheck(command, args) {
  return new Promise((resolve) => {
    const chunks = [];
    const idle = checkPriority.idle;
    const [file, argv] = idle && hasChrt ? ['chrt', ['--idle', '0', command, ...args]] : [command, args];
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
    checkPriority.running = child;
    if (idle && !hasChrt && child.pid) setPriority(child.pid, 19);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code, text = '') => resolve({ code, output: Buffer.concat(chunks).toString() + text });
    child.on('error', (error) => done(127, `Scout: could not run ${command}: ${error.message}\n`));
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** A stage whose output streams as it runs. */
async function stage(name, command, args, options = {}) {
  process.stdout.write(`\n━━ ${name} ━━\n`);
  const started = Date.now();
  const code = await run(command, args, options);
  results.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
  return code;
}

/** Lint, then the typechecks, at idle priority; resolves to their outputs, printed when the tests are done. */
async function checks() {
  const outputs = [];
  const quietly = async (name, command, args) => {
    const started = Date.now();
    const r = await runCheck(command, args);
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ name: `${name} (beside the tests)`, code: r.code, seconds });
    if (r.code !== 0) totals.failed += 1;
    outputs.push(`\n━━ ${name} ━━\n${r.output}(${name}: ${r.code === 0 ? 'ok' : `exit ${r.code}`}, ${seconds} s)\n`);
  };
  await quietly('lint', bin('eslint'), ['--max-warnings', '0', '.']);
  for (const project of ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json']) {
    await quietly(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit']);
  }
  return outputs;
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
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name ?? '');
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests) failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
    }
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

async function endToEnd() {
  const playwrightJson = path.join(reports, 'playwright.json');
  // The Electron project needs a display; give it a virtual one where there is none.
  const useXvfb = !process.env.DISPLAY && spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0;
  const pw = [bin('playwright'), 'test'];
  await stage('end-to-end (Playwright)', keyring, useXvfb ? ['xvfb-run', '-a', ...pw] : pw, {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
  });
  if (fs.existsSync(playwrightJson)) {
    const report = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
    const s = report.stats;
    // A file's suite holds its tests and describe blocks; titles are the describe blocks' names.
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue;
          const error = t.results?.find((r) => r.error)?.error;
          failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
    for (const error of report.errors ?? []) failures.push(`Playwright: ${firstLine(error.message)}`);
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } else {
    totals.failed += 1;
  }
}

const started = Date.now();
const checking = checks();
const buildCode = await stage('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
if (buildCode !== 0) totals.failed += 1;
await unitAndIntegration();
if (buildCode === 0) await endToEnd();
checkPriority.raise();
for (const output of await checking) process.stdout.write(output);

process.stdout.write('\n━━ summary ━━\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`);
process.stdout.write(`all stages: ${Math.round((Date.now() - started) / 1000)} s\n`);
const anyFailed = results.some((r) => r.code !== 0);
for (const failure of failures) process.stdout.write(`failed: ${failure}\n`);
if (anyFailed && totals.failed === 0) totals.failed = 1;
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(anyFailed ? 1 : 0);
