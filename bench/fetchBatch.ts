// fetch.batch30_s: thirty new accounts of all six networks, Fetch and spend to all saved, through
// the same main-side batch the add run uses (`reports:fetchMany`), against a simulator that takes
// 3 s to generate each report. fetch.batch30_speedup: the same thirty (other names, so they are
// new too) fetched strictly one after another, divided by the batch's time, in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { startSimulator } from '../src/simulator/server';
import type { FetchManyOutcome } from '../src/shared/reports';
import type { Figures } from './cache';

const networks = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const;

export async function fetchBatchFigures(figures: Figures, generationMs = 3000): Promise<void> {
  const sim = await startSimulator({ port: 0, generationMs, credits: 1_000_000, miniReports: 1_000_000, advancedReports: 1_000_000 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-fetch-'));
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger, demoApiUrl: sim.url });
  const dispatch = createDispatcher(createHandlers(services), logger);
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const r = await dispatch(channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const items = (prefix: string) =>
    Array.from({ length: 30 }, (_, i) => {
      const network = networks[i % networks.length]!;
      return { network, account: `${prefix}${i}`, ...(network === 'tiktok' ? { tiktokType: 'report' as const } : {}), confirmedCost: 1 as const };
    });
  try {
    await call('workspace:switch', { workspace: 'demo' });
    await call('plan:refresh', {});

    const batch = items('batch');
    let started = performance.now();
    const { outcomes } = await call<{ outcomes: FetchManyOutcome[] }>('reports:fetchMany', { workspace: 'demo', runId: 'bench', items: batch });
    const parallelMs = performance.now() - started;
    const failed = outcomes.filter((o) => o.status !== 'done');
    if (failed.length > 0) throw new Error(`batch: ${failed.length} not saved, e.g. ${JSON.stringify(failed[0])}`);

    started = performance.now();
    for (const item of items('serial')) await call('reports:fetch', { ...item, workspace: 'demo' });
    const serialMs = performance.now() - started;

    figures['fetch.batch30_s'] = parallelMs / 1000;
    figures['fetch.batch30_speedup'] = serialMs / parallelMs;
  } finally {
    await services.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
