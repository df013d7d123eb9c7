// How main holds up while long work runs: the longest the event loop was kept from its next turn
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution), the longest a small RPC waited behind the
// work (`app:info` asked every 10 ms through the same dispatcher the hosts use, timed from the
// moment it was due: a request that arrives while the work holds main waits for its turn), and the
// peak of the process's resident memory (sampled every 20 ms).
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
