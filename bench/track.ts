// track.refresh100_s: a watchlist of 100 accounts of all six networks, each fetched once before,
// refreshed a simulated day later (`watchlists:run`, free: the simulator's balance is checked not
// to move) against a simulator that takes 3 s to generate each report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { startSimulator } from '../src/simulator/server';
import type { FetchManyOutcome } from '../src/shared/reports';
import type { TrackingProgress, WatchlistSummary } from '../src/shared/tracking';
import { openDatabase } from '../src/main/platform/cache/database';
import { AlertsRepository } from '../src/main/domains/tracking/alertsRepository';
import { defaultAlertRules, evaluateAlerts, rulesSpanDays } from '../src/shared/alerts';
import type { Figures } from './cache';

const networks = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const;
const DAY_MS = 86_400_000;

export async function trackFigures(figures: Figures, generationMs = 3000): Promise<void> {
  const sim = await startSimulator({ port: 0, generationMs, credits: 1_000_000, miniReports: 1_000_000, advancedReports: 1_000_000 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-track-'));
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger, demoApiUrl: sim.url });
  const dispatch = createDispatcher(createHandlers(services), logger);
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const r = await dispatch(channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const accounts = Array.from({ length: 100 }, (_, i) => {
    const network = networks[i % networks.length]!;
    return { network, account: `tracked${i}`, ...(network === 'tiktok' ? { tiktokType: 'report' as const } : {}) };
  });
  try {
    await call('workspace:switch', { workspace: 'demo' });
    await call('plan:refresh', {});
    const { outcomes } = await call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', { workspace: 'demo', runId: 'bench', items: accounts.map((a) => ({ ...a, confirmedCost: 1 })) });
    if (outcomes.some((o) => o.status !== 'done')) throw new Error('track: the 100 accounts were not all fetched');
    const list = await call<WatchlistSummary>('watchlists:create', { name: 'Bench', schedule: 'manual', accounts: accounts.map(({ network, account }) => ({ network, account })) });
    const spent = JSON.stringify(sim.state.spent);
    sim.advanceClock(DAY_MS);
    const started = performance.now();
    const run = await call<TrackingProgress>('watchlists:run', { id: list.id });
    figures['track.refresh100_s'] = (performance.now() - started) / 1000;
    if (run.refreshed !== 100) throw new Error(`track: ${run.refreshed} of 100 refreshed (${JSON.stringify(run)})`);
    if (JSON.stringify(sim.state.spent) !== spent) throw new Error('track: a free refresh spent a credit');
  } finally {
    await services.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * track.alerts_eval_ms: the alert rules over 10,000 accounts with 50 snapshots each, as a run reads
 * them: the figures of every account's newest snapshots in one query, then the usual rules.
 */
export async function alertsEvalFigures(figures: Figures, accounts = 10_000, snapshots = 50): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-alerts-'));
  const db = openDatabase(path.join(dir, 'alerts.sqlite'));
  try {
    const insert = db.prepare(
      `INSERT INTO report_snapshots (network, account_key, fetched_at, state, username, followers, engagement_rate, audience_quality, raw)
       VALUES (?, ?, ?, 'READY', ?, ?, ?, ?, jsonb('{}'))`,
    );
    const start = Date.UTC(2026, 0, 1);
    db.transaction(() => {
      for (let a = 0; a < accounts; a++) {
        const network = networks[a % networks.length]!;
        let followers = 10_000 + ((a * 7919) % 990_000);
        for (let s = 0; s < snapshots; s++) {
          // A slow drift, and now and then a sudden move for the rules to find.
          followers = Math.round(followers * (1 + (((a + s) % 7) - 3) / 1000) * (s === (a % snapshots) ? 0.9 : 1));
          insert.run(network, `acct${a}`, start + s * DAY_MS, `acct${a}`, followers, 1 + ((a + s) % 30) / 10, 40 + ((a * s) % 50));
        }
      }
    })();
    const repo = new AlertsRepository(db);
    const refs = Array.from({ length: accounts }, (_, a) => ({ network: networks[a % networks.length]!, accountKey: `acct${a}` }));
    const times: number[] = [];
    let raised = 0;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const read = repo.figures(refs, rulesSpanDays(defaultAlertRules));
      raised = 0;
      for (const ref of refs) raised += evaluateAlerts(read.get(`${ref.network}:${ref.accountKey}`) ?? [], defaultAlertRules).length;
      times.push(performance.now() - started);
    }
    if (raised === 0) throw new Error('track: the alert rules found nothing to raise in a series built to have moves');
    figures['track.alerts_eval_ms'] = Math.min(...times);
    figures['track.alerts_eval_raised'] = raised;
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
