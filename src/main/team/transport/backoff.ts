// The one backoff of the team transport: pushes that found the team database away, pulls that
// could not ask it, and the listening connection lost all wait by it before trying again.
import { ExponentialBackoff, type IBackoff } from 'cockatiel';

export interface BackoffRange {
  /** The first wait, ms. */
  initialMs: number;
  /** The longest wait, ms. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffRange = { initialMs: 1_000, maxMs: 60_000 };

/** Exponential waits (with jitter), back to the first once things work again. */
export class Backoff {
  private readonly factory: ExponentialBackoff<unknown>;
  private state: IBackoff<unknown> | undefined;

  constructor(range: BackoffRange = DEFAULT_BACKOFF) {
    this.factory = new ExponentialBackoff({ initialDelay: range.initialMs, maxDelay: range.maxMs });
  }

  next(): number {
    this.state = this.state ? this.state.next(undefined) : this.factory.next();
    return this.state.duration;
  }

  reset(): void {
    this.state = undefined;
  }
}
