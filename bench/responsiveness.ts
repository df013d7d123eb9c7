// How main holds up while long work runs: the longest the event loop was kept from its next turn
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution), the longest a small RPC waited behind the
// work (`app:info` asked every 10 ms through the same dispatcher the hosts use, timed from the
// moment it was due: a request that arrives while the work holds main waits for its turn), and the
// peak of the process's resident memory (sampled every 20 ms).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Call } from './inProcess';

export interface Held {
  /** The longest the event loop waited for its next turn, ms. */
  maxBlockMs: number;
  /** The longest a small RPC took while the work ran, ms. */
  rpcWaitMaxMs: number;
  /** The peak resident memory of this process while the work ran, MB. */
  peakRssMb: number;
  /** How long the work took, ms. */
  tookMs: number;
}

export async function whileHeld<T>(call: Call, work: () => Promise<T>): Promise<{ value: T; held: Held }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let probing = true;
  let rpcWaitMax = 0;
  const probe = (async () => {
    while (probing) {
      const due = performance.now() + 10;
      await new Promise((resolve) => setTimeout(resolve, 10));
      await call('app:info', {});
      rpcWaitMax = Math.max(rpcWaitMax, performance.now() - due);
    }
  })();
  // The probe is under way, and the delay histogram has taken a turn, before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.enable();
  const started = performance.now();
  try {
    const value = await work();
    const tookMs = performance.now() - started;
    return { value, held: { maxBlockMs: delay.max / 1e6, rpcWaitMaxMs: rpcWaitMax, peakRssMb: peak / 1024 / 1024, tookMs } };
  } finally {
    delay.disable();
    probing = false;
    await probe;
    clearInterval(sampler);
  }
}

/**
 * The longest stretch main's event loop was kept from a 2 ms timer, and of that stretch how long
 * main's thread itself ran (Linux's /proc schedstat; null elsewhere). On two shared cores a
 * stretch is often main waiting for the processor while PostgreSQL or a worker runs: the wall
 * figure counts that wait, the ran figure only main's own work.
 */
export function mainStretches(): { stop(): { maxWallMs: number; ranInMaxMs: number | null; maxRanMs: number | null } } {
  const statFile = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const ranNs = (): number | null => {
    try {
      return Number(fs.readFileSync(statFile, 'utf8').split(' ')[0]);
    } catch {
      return null;
    }
  };
  let lastAt = performance.now();
  let lastRan = ranNs();
  let maxWallMs = 0;
  let ranInMaxMs: number | null = null;
  let maxRanMs: number | null = lastRan === null ? null : 0;
  const timer = setInterval(() => {
    const at = performance.now();
    const ran = ranNs();
    const ranMs = ran === null || lastRan === null ? null : (ran - lastRan) / 1e6;
    if (at - lastAt > maxWallMs) {
      maxWallMs = at - lastAt;
      ranInMaxMs = ranMs;
    }
    if (ranMs !== null && maxRanMs !== null) maxRanMs = Math.max(maxRanMs, ranMs);
    lastAt = at;
    lastRan = ran;
  }, 2);
  return {
    stop() {
      clearInterval(timer);
      return { maxWallMs, ranInMaxMs, maxRanMs };
    },
  };
}
