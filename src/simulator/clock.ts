// The simulator's clock: real time plus an offset tests can advance, so "365 days later" or
// "28 days later" can be tested in milliseconds. A simulator with a state file keeps its offset
// across restarts: simulated time runs on with real time while the simulator is stopped.
export class SimClock {
  private offset = 0;

  constructor(start?: number) {
    if (start !== undefined) this.offset = start - Date.now();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  /** How far simulated time is ahead of real time (behind: negative), for the state file. */
  offsetMs(): number {
    return this.offset;
  }

  /**
   * Resumes a saved clock: the same offset from real time, but never earlier than `notBefore`
   * (the simulated time it was saved at), so a computer clock set back cannot move unlocks and
   * generations into the future.
   */
  resume(offsetMs: number, notBefore: number): void {
    this.offset = offsetMs;
    const behind = notBefore - this.now();
    if (behind > 0) this.offset += behind;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
