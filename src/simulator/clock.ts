// The simulator's clock: real time plus an offset tests can advance, so "365 days later" or
// "28 days later" can be tested in milliseconds.
export class SimClock {
  private offsetMs = 0;

  constructor(start?: number) {
    if (start !== undefined) this.offsetMs = start - Date.now();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
