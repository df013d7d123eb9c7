import { afterEach, describe, expect, it } from 'vitest';
import { JobRegistry, jobKeys } from './jobs';

const events: { name: string; payload: unknown }[] = [];
const registry = () => new JobRegistry('production', (name, payload) => events.push({ name, payload }));
afterEach(() => void events.splice(0));

/** A job that runs until it is stopped, and says how it ended. */
const untilStopped = (signal: AbortSignal) =>
  new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve(`stopped: ${String(signal.reason)}`), { once: true }));

describe('the job registry', () => {
  it('runs one job per key: a second caller joins the first, another key runs apart', async () => {
    const jobs = registry();
    let runs = 0;
    const work = async () => {
      const mine = ++runs;
      await new Promise((r) => setTimeout(r, 10));
      return mine;
    };
    const key = jobKeys.report({ network: 'tiktok', key: 'khaby.lame', tiktokType: 'report' });
    const [a, b, c] = await Promise.all([
      jobs.run('report', key, 'the TikTok report of khaby.lame', work),
      jobs.run('report', key, 'the TikTok report of khaby.lame', work),
      jobs.run('report', jobKeys.report({ network: 'tiktok', key: 'khaby.lame' }), 'the advanced one', work),
    ]);
    expect(runs).toBe(2);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(jobs.running()).toEqual([]);
  });

  it('has one key function per kind: a TikTok mini and advanced report are two jobs, other networks have one report', () => {
    expect(jobKeys.report({ network: 'tiktok', key: 'a', tiktokType: 'report' })).not.toBe(jobKeys.report({ network: 'tiktok', key: 'a', tiktokType: 'advanced_report' }));
    expect(jobKeys.report({ network: 'tiktok', key: 'a' })).toBe(jobKeys.report({ network: 'tiktok', key: 'a', tiktokType: 'advanced_report' }));
    expect(jobKeys.report({ network: 'instagram', key: 'a', tiktokType: 'report' })).toBe(jobKeys.report({ network: 'instagram', key: 'a' }));
  });

  it('cancels by key, by account (both TikTok reports), and all at once; says what runs in words; waits until all ended', async () => {
    const jobs = registry();
    const mini = jobs.run('report', 'tiktok:a:report', 'the TikTok report of a', untilStopped, { account: 'tiktok:a' });
    const advanced = jobs.run('report', 'tiktok:a:advanced_report', 'the advanced TikTok report of a', untilStopped, { account: 'tiktok:a' });
    const run = jobs.run('discovery', 'r1', 'a discovery run (pages 1–6)', untilStopped);
    const sync = jobs.run('creators', jobKeys.creators(), 'the creators sync', untilStopped);
    expect(jobs.running().map((j) => j.describe)).toEqual(['the TikTok report of a', 'the advanced TikTok report of a', 'a discovery run (pages 1–6)', 'the creators sync']);
    expect(jobs.cancel('report', (j) => j.account === 'tiktok:a', 'by account')).toBe(true);
    expect(await mini).toBe('stopped: by account');
    expect(await advanced).toBe('stopped: by account');
    expect(jobs.cancel('discovery', 'r2')).toBe(false);
    expect(jobs.cancel('discovery', 'r1', 'by key')).toBe(true);
    expect(await run).toBe('stopped: by key');
    jobs.cancelAll('closing');
    await jobs.idle();
    expect(await sync).toBe('stopped: closing');
    expect(jobs.running()).toEqual([]);
  });

  it('stops every job a batch links when the batch is cancelled, with one listener on its signal however many', async () => {
    const jobs = registry();
    const batch = new AbortController();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const all = Array.from({ length: 50 }, (_, i) => jobs.run('report', `twitch:a${i}`, `report ${i}`, untilStopped, { link: batch.signal }));
      batch.abort('batch cancelled');
      expect(new Set(await Promise.all(all))).toEqual(new Set(['stopped: batch cancelled']));
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('stamps every event it sends with its workspace', () => {
    registry().emit('discovery:changed', { runId: 'r', done: 1, total: 2, page: 1, phase: 'fetching' });
    expect(events).toEqual([{ name: 'discovery:changed', payload: { runId: 'r', done: 1, total: 2, page: 1, phase: 'fetching', workspace: 'production' } }]);
  });
});
