// Waiting for something the API is still making (a PDF, a competitor analysis): ask, wait what
// the API suggests (bounded), report progress, stop when cancelled or after a bounded time.
import { ScoutError } from '@shared/errors';
import { sleep } from '../util/sleep';

export type PollStep<T> = { done: true; value: T } | { done: false; retryInSec: number | null };

export interface PollOptions {
  /** What is being waited for, for the error message ("The PDF of nasa"). */
  what: string;
  maxWaitMs: number;
  /** Milliseconds to wait given the API's suggestion (seconds, or null when it gave none). */
  delayMs: (retryInSec: number | null) => number;
  onProgress?: (progress: { attempt: number; elapsedMs: number; retryInSec: number | null }) => void;
  signal?: AbortSignal;
}


export async function pollUntil<T>(step: (attempt: number) => Promise<PollStep<T>>, options: PollOptions): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const result = await step(attempt);
    if (result.done) return result.value;
    const elapsedMs = Date.now() - started;
    const wait = options.delayMs(result.retryInSec);
    if (elapsedMs + wait > options.maxWaitMs) {
      throw new ScoutError({
        code: 'GENERATION_TIMEOUT',
        message: `${options.what} is still not ready after ${Math.max(1, Math.round(elapsedMs / 60_000))} min. Try again later; nothing more is spent by asking again.`,
      });
    }
    options.onProgress?.({ attempt, elapsedMs, retryInSec: result.retryInSec });
    await sleep(wait, options.signal);
  }
}

/** PDFs: the API's retryTtl, 60 s when it gives none, never more than 120 s (api-notes.md). */
export const pdfDelay = (ttl: number | null) => Math.min(120_000, Math.max(1_000, (ttl ?? 60) * 1000));
/** Competitor analyses say nothing about timing: every 10 s. */
export const competitorDelay = () => 10_000;
