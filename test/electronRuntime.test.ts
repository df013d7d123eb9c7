// `npm start` and Electron's runtime (scripts/electronRuntime.mjs): a download that failed (no
// internet) is written down and not tried again on every start — which printed "downloading the
// Electron runtime (once)" each time — until a day has passed, Electron changed, or it is asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFailure, downloadPlan, readFailure, RETRY_AFTER_MS, writeFailure } from '../scripts/electronRuntime.mjs';

const NOW = Date.UTC(2026, 11, 7, 20, 0);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-electron-'));
  dirs.push(dir);
  return path.join(dir, 'sub', 'electron-download.json');
};

describe('the Electron runtime at npm start', () => {
  it('installed: nothing to say or do', () => {
    expect(downloadPlan({ installed: true, failure: { version: '45.4.1', failedAt: NOW - 1000 }, now: NOW })).toEqual({ attempt: false, say: null, reason: null });
  });

  it('never tried: downloads it, saying it is the first start only', () => {
    expect(downloadPlan({ installed: false, failure: null, now: NOW })).toEqual({ attempt: true, say: 'Scout: downloading the Electron runtime (the first start only)…\n', reason: null });
  });

  it('failed before: the next starts within a day neither try nor say "downloading", but why not and how to try now', () => {
    const file = tempFile();
    writeFailure(file, '45.4.1', NOW - 60_000);
    const failure = readFailure(file, '45.4.1');
    expect(failure).toEqual({ version: '45.4.1', failedAt: NOW - 60_000 });
    const plan = downloadPlan({ installed: false, failure, now: NOW });
    expect(plan).toEqual({
      attempt: false,
      say: null,
      reason: 'the Electron runtime is not installed (its download failed at 2026-12-07 19:59 UTC; Scout tries again a day later, or now with SCOUT_RETRY_ELECTRON=1)',
    });
    // Asked for, or a day later: tried again.
    expect(downloadPlan({ installed: false, failure, now: NOW, retry: true })).toEqual({ attempt: true, say: 'Scout: downloading the Electron runtime again…\n', reason: null });
    expect(downloadPlan({ installed: false, failure, now: NOW - 60_000 + RETRY_AFTER_MS }).attempt).toBe(true);
  });

  it('a failure of another Electron, an unreadable note or none: tried; once downloaded the note goes', () => {
    const file = tempFile();
    writeFailure(file, '44.0.0', NOW);
    expect(readFailure(file, '45.4.1')).toBeNull();
    fs.writeFileSync(file, '{not json');
    expect(readFailure(file, '45.4.1')).toBeNull();
    expect(readFailure(path.join(path.dirname(file), 'none.json'), '45.4.1')).toBeNull();
    writeFailure(file, '45.4.1', NOW);
    clearFailure(file);
    expect(fs.existsSync(file)).toBe(false);
  });
});
