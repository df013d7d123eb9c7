// The simulator's state file: a simulator started again on the same file remembers what the last
// one sold (unlocks, balances, spending, generations under way, PDF exports, competitor
// analyses, its clock), and a damaged or foreign file is set aside without stopping the start.
// Real simulators over loopback.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../test/simClient';
import { tempDir } from '../../test/support';
import type { SimulatorOptions } from './server';
import { STATE_FILE_FORMAT, STATE_FILE_VERSION, type SavedSimState, type SimLog } from './stateFile';

const GENERATION = 60_000;
const ANALYSIS = '/api/marketanalysis/instagramCompetitorAnalysis';

let running: SimTest[] = [];
afterEach(async () => {
  for (const t of running) await t.close();
  running = [];
});

function recordingLog(): SimLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (l) => lines.push(`info ${l}`), warn: (l) => lines.push(`warn ${l}`) };
}

async function start(options: SimulatorOptions): Promise<SimTest> {
  const t = await simTest({ generationMs: GENERATION, ...options });
  running.push(t);
  return t;
}

async function stop(t: SimTest): Promise<void> {
  running = running.filter((r) => r !== t);
  await t.close();
}

const readSaved = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as SavedSimState;

describe('a simulator started again on its state file', () => {
  it('keeps unlocks, balances, spending, generations under way, PDF exports and competitor analyses', async () => {
    const file = path.join(tempDir('sim-state-'), 'demo', 'simulator-state.json');
    const log = recordingLog();
    const first = await start({ stateFile: file, logger: log, credits: 40 });

    // Unlocked and generated: asked once, ready once the clock passes the generation.
    expect((await first.method('twitch', { params: { channel: 'streamer' } })).body.result.report_state).toBe('NOT_READY');
    // On disk before the answer came back, not only at close.
    expect(readSaved(file).checks.map(([key]) => key)).toContain('twitch:streamer');
    first.sim.advanceClock(GENERATION);
    expect((await first.method('twitch', { params: { channel: 'streamer' } })).body.result.report_state).toBe('READY');
    // A YouTube channel id keeps its letter case in the key.
    await first.method('youtube', { params: { channel: 'UCfoodChannel' } });
    await first.method('tiktok', { params: { channel: 'dancer', type: 'report' } });
    await first.method('twitchPdf', { params: { channel: 'streamer' } });
    await first.method('search', { json: { social_network: 'instagram' } });
    // A failed generation gives its credit back.
    await first.method('twitch', { params: { channel: 'novideos_one' } });
    first.sim.advanceClock(GENERATION);
    expect((await first.method('twitch', { params: { channel: 'novideos_one' } })).status).toBe(403);
    const created = await first.call(ANALYSIS, { json: { username: 'nike', date_from: '2026-01-01', date_to: '2026-03-31', audience_geo: ['US'], hashtags: ['go'] } });
    const analysisId = created.body.report.basic.report_id as string;
    // Under way when the simulator stops.
    await first.method('report', { params: { username: 'natgeo' } });
    const listIds = async (t: SimTest) => ((await t.method('list', { params: { id: 1, limit: 5, offset: 0 } })).body.result as { report_id: number }[]).map((i) => i.report_id);
    const list = await listIds(first);

    const was = {
      balances: { ...first.sim.state.balances },
      spent: { ...first.sim.state.spent },
      checks: [...first.sim.state.checks],
      pdfJobs: [...first.sim.state.pdfJobs],
      analyses: [...first.sim.state.analyses],
      now: first.sim.clock.now(),
    };
    expect(was.spent).toEqual({ credits: 3, miniReports: 1, advancedReports: 0, discoveryRequests: 1 });
    await stop(first);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // Other credit options: a resumed state keeps its own balances.
    const second = await start({ stateFile: file, logger: log, credits: 1000 });
    const { state, clock } = second.sim;
    expect(state.balances).toEqual(was.balances);
    expect(state.spent).toEqual(was.spent);
    expect([...state.checks]).toEqual(was.checks);
    expect([...state.pdfJobs]).toEqual(was.pdfJobs);
    expect([...state.analyses]).toEqual(was.analyses);
    // The clock resumes where it was (advanced twice), running on with real time.
    expect(clock.now()).toBeGreaterThanOrEqual(was.now);
    expect(clock.now()).toBeLessThan(was.now + 60_000);
    expect(log.lines.some((l) => l.startsWith('info simulator: resumed'))).toBe(true);

    // Free again, within the year: nothing more is spent.
    const again = await second.method('twitch', { params: { channel: 'streamer' } });
    expect(again.body.result).toMatchObject({ report_state: 'READY', restTokens: was.balances.credits });
    // Still generating by the simulator's clock, then ready, and charged only the once.
    expect((await second.method('report', { params: { username: 'natgeo' } })).body.result.report_state).toBe('NOT_READY');
    second.sim.advanceClock(GENERATION);
    expect((await second.method('report', { params: { username: 'natgeo' } })).body.result.report_state).toBe('READY');
    expect((await second.method('youtube', { params: { channel: 'UCfoodChannel' } })).status).toBe(200);
    expect((await second.method('twitchPdf', { params: { channel: 'streamer' } })).body.result.pdfUrl).toMatch(/\/cdn\/pdf\//);
    expect(state.spent).toEqual(was.spent);
    expect((await second.call(`${ANALYSIS}/${analysisId}`)).body.report.basic.state).toBe(10);
    // Saved lists are fixed: the same on any day.
    expect(await listIds(second)).toEqual(list);
  });

  it('keeps a clock a test advanced, and never resumes it before the time it was saved at', async () => {
    const file = path.join(tempDir('sim-state-'), 'simulator-state.json');
    const first = await start({ stateFile: file });
    first.sim.advanceClock(400 * 24 * 3600_000 + 0.5);
    const advanced = first.sim.clock.now();
    await stop(first);
    const second = await start({ stateFile: file, clock: Date.parse('2020-01-01') });
    expect(second.sim.clock.now()).toBeGreaterThanOrEqual(advanced);
    await stop(second);

    // A computer clock set back a day: the simulated clock does not follow it back.
    const saved = readSaved(file);
    fs.writeFileSync(file, JSON.stringify({ ...saved, clockOffsetMs: saved.clockOffsetMs - 24 * 3600_000 }));
    const third = await start({ stateFile: file });
    expect(third.sim.clock.now()).toBeGreaterThanOrEqual(saved.savedAt);
  });
});

describe('a state file it cannot use', () => {
  const valid: SavedSimState = {
    format: STATE_FILE_FORMAT,
    version: STATE_FILE_VERSION,
    savedAt: Date.now(),
    clockOffsetMs: 0,
    balances: { credits: 3, miniReports: 3, advancedReports: 3, discoveryRequests: 3 },
    spent: { credits: 0, miniReports: 0, advancedReports: 0, discoveryRequests: 0 },
    checks: [],
    pdfJobs: [],
    analyses: [],
  };

  it.each([
    ['cut short', '{"format":"scout-simulator-state","version":1,"bal'],
    ['empty', ''],
    ['foreign JSON', JSON.stringify({ activeWorkspace: 'demo' })],
    ['from a newer simulator', JSON.stringify({ ...valid, version: STATE_FILE_VERSION + 1 })],
    ['a balance that is not a number', JSON.stringify({ ...valid, balances: { ...valid.balances, credits: 'lots' } })],
    ['a check of an unknown network', JSON.stringify({ ...valid, checks: [['myspace:tom', { network: 'myspace', name: 'tom', checkedAt: 1, readyAt: 1, paidWith: null, outcome: 'ready', refunded: false }]] })],
  ])('%s: set aside with a log line, and the simulator starts afresh', async (_, text) => {
    const dir = tempDir('sim-state-');
    const file = path.join(dir, 'simulator-state.json');
    fs.writeFileSync(file, text);
    const log = recordingLog();
    const t = await start({ stateFile: file, logger: log, credits: 25 });
    expect(t.sim.state.balances.credits).toBe(25);
    expect(t.sim.state.checks.size).toBe(0);
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith('simulator-state.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0]!), 'utf8')).toBe(text);
    expect(log.lines).toEqual([expect.stringMatching(/^warn simulator: state file .* set aside \(.+\), moved to .*unreadable-\d+; starting afresh$/)]);
    // It answers, and a new file is written for the next start.
    expect((await t.method('twitch', { params: { channel: 'streamer' } })).status).toBe(200);
    expect(readSaved(file).checks).toHaveLength(1);
  });

  it('answers even when the state cannot be written, and says so once', async () => {
    const dir = tempDir('sim-state-');
    // A file where the folder should be.
    fs.writeFileSync(path.join(dir, 'blocked'), '');
    const log = recordingLog();
    const t = await start({ stateFile: path.join(dir, 'blocked', 'simulator-state.json'), logger: log });
    expect((await t.method('twitch', { params: { channel: 'one' } })).status).toBe(200);
    expect((await t.method('twitch', { params: { channel: 'two' } })).status).toBe(200);
    expect(log.lines.filter((l) => l.startsWith('warn simulator: state not saved'))).toHaveLength(1);
  });
});
