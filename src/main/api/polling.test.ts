import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../simulator/server';
import { ApiClient } from './apiClient';
import { pdfDelay } from './polling';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ generationMs: 120, analysisMs: 150 });
});
afterAll(() => sim.close());

const client = () => new ApiClient({ baseUrl: sim.url, credentials: async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(sim.url).origin }), retry: { maxAttempts: 1 } });

describe('polling', () => {
  it('waits for a PDF through its 202 answers, with progress', async () => {
    const progress: number[] = [];
    const pdf = await client().pdfWait('twitch', 'pdf_poll', { paid: true, delayMs: () => 40, onProgress: (p) => progress.push(p.attempt) });
    expect(pdf).toMatchObject({ state: 'ready', pdfUrl: expect.stringContaining('/cdn/pdf/twitch/pdf_poll.pdf') });
    expect(progress.length).toBeGreaterThan(0);
    expect(sim.state.spent.credits).toBe(1);
  });

  it('waits for a competitor analysis to go from state 0 to 10', async () => {
    const c = client();
    const created = await c.competitorCreate({ username: 'nike', date_from: '2026-01-01', date_to: '2026-02-01', audience_geo: [], hashtags: [] });
    expect(created.state).toBe(0);
    const ready = await c.competitorWait(created.reportId, { delayMs: () => 40 });
    expect(ready.state).toBe(10);
    expect(ready.aggregates).not.toBeNull();
  });

  it('gives up after a bounded time with a clear error', async () => {
    const slow = await startSimulator({ analysisMs: 3_600_000 });
    const c = new ApiClient({ baseUrl: slow.url, credentials: async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(slow.url).origin }) });
    const created = await c.competitorCreate({ username: 'nike', date_from: '2026-01-01', date_to: '2026-02-01', audience_geo: [], hashtags: [] });
    await expect(c.competitorWait(created.reportId, { delayMs: () => 30, maxWaitMs: 200 })).rejects.toMatchObject({
      code: 'GENERATION_TIMEOUT',
      message: expect.stringMatching(/competitor analysis is still not ready/),
    });
    await slow.close();
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = client().pdfWait('twitch', 'pdf_cancel', { delayMs: () => 5000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('bounds the PDF wait as established clients do: 60 s without retryTtl, never over 120 s', () => {
    expect(pdfDelay(null)).toBe(60_000);
    expect(pdfDelay(5)).toBe(5_000);
    expect(pdfDelay(600)).toBe(120_000);
  });
});
