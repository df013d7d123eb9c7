import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator/server';
import { ApiClient } from './apiClient';
import { withKernelPass } from './paidGuard';
import { competitorDelay, pdfDelay, pollUntil } from './polling';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ generationMs: 120, analysisMs: 150 });
});
afterAll(() => sim.close());

/** A PDF asked for until it is ready; only the first request may spend (as the archive does, through the kernel). */
function pdfWait(api: ApiClient, account: string, options: { paid?: boolean; delayMs: (ttl: number | null) => number; onProgress?: (p: { attempt: number }) => void; signal?: AbortSignal }) {
  return withKernelPass(() =>
    pollUntil(
      async (attempt) => {
        const answer = await api.pdf('twitch', account, { paid: attempt === 1 && options.paid, signal: options.signal });
        return answer.state === 'ready' ? { done: true, value: answer } : { done: false, retryInSec: answer.retryTtlSec };
      },
      { what: `The PDF of ${account}`, maxWaitMs: 60_000, delayMs: options.delayMs, onProgress: options.onProgress, signal: options.signal },
    ),
  );
}

/** A competitor analysis checked until its state is 10 (checks are free reads). */
function competitorWait(api: ApiClient, reportId: string, options: { delayMs: (ttl: number | null) => number; maxWaitMs?: number }) {
  return pollUntil(
    async () => {
      const report = await api.competitorGet(reportId);
      return report.state === 10 ? { done: true, value: report } : { done: false, retryInSec: null };
    },
    { what: 'The competitor analysis', maxWaitMs: options.maxWaitMs ?? 30 * 60_000, delayMs: options.delayMs ?? competitorDelay },
  );
}

const create = (api: ApiClient) => withKernelPass(() => api.competitorCreate({ username: 'nike', date_from: '2026-01-01', date_to: '2026-02-01', audience_geo: [], hashtags: [] }));

const client = () => new ApiClient({ baseUrl: sim.url, credentials: async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(sim.url).origin }), retry: { maxAttempts: 1 } });

describe('polling', () => {
  it('waits for a PDF through its 202 answers, with progress', async () => {
    const progress: number[] = [];
    const pdf = await pdfWait(client(), 'pdf_poll', { paid: true, delayMs: () => 40, onProgress: (p) => progress.push(p.attempt) });
    expect(pdf).toMatchObject({ state: 'ready', pdfUrl: expect.stringContaining('/cdn/pdf/twitch/pdf_poll.pdf') });
    expect(progress.length).toBeGreaterThan(0);
    expect(sim.state.spent.credits).toBe(1);
  });

  it('waits for a competitor analysis to go from state 0 to 10', async () => {
    const c = client();
    const created = await create(c);
    expect(created.state).toBe(0);
    const ready = await competitorWait(c, created.reportId, { delayMs: () => 40 });
    expect(ready.state).toBe(10);
    expect(ready.aggregates).not.toBeNull();
  });

  it('gives up after a bounded time with a clear error', async () => {
    const slow = await startSimulator({ analysisMs: 3_600_000 });
    const c = new ApiClient({ baseUrl: slow.url, credentials: async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(slow.url).origin }) });
    const created = await create(c);
    await expect(competitorWait(c, created.reportId, { delayMs: () => 30, maxWaitMs: 200 })).rejects.toMatchObject({
      code: 'GENERATION_TIMEOUT',
      message: expect.stringMatching(/competitor analysis is still not ready/),
    });
    await slow.close();
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = pdfWait(client(), 'pdf_cancel', { delayMs: () => 5000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('bounds the PDF wait as established clients do: 60 s without retryTtl, never over 120 s', () => {
    expect(pdfDelay(null)).toBe(60_000);
    expect(pdfDelay(5)).toBe(5_000);
    expect(pdfDelay(600)).toBe(120_000);
  });
});
