// Long work on the main thread, in slices: between two units of work `await slices.due()` gives
// the event loop a turn once the slice's budget has passed, so an RPC, an event or a timer never
// waits long behind an export, a pull of the team's records or a migration. It is also where
// the work notices a cancel.
export const SLICE_BUDGET_MS = 5;

/**
 * Resolves once the event loop has gone round: the timers due and the I/O waiting (an RPC) have
 * had their turn. One setImmediate is not enough when it is queued from a timer's or an I/O
 * callback: it runs in the same round, before the timers due next.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
}

export class TimeSlices {
  private sliceStarted = performance.now();

  constructor(
    private readonly signal?: AbortSignal,
    private readonly budgetMs = SLICE_BUDGET_MS,
  ) {}

  /** Whether this slice has used its budget (work that must end its unit first — a transaction — asks before `due`). */
  spent(): boolean {
    return performance.now() - this.sliceStarted >= this.budgetMs;
  }

  /** Yields to the event loop when this slice has used its budget; throws once the work is cancelled. */
  async due(): Promise<void> {
    this.signal?.throwIfAborted();
    if (!this.spent()) return;
    await nextTurn();
    this.signal?.throwIfAborted();
    this.sliceStarted = performance.now();
  }
}

/**
 * Gathers what is added during a turn of the event loop (a pull writing a page of records) and
 * hands it to `flush` together once the loop has gone round: one reading for the lot, not one
 * per item.
 */
export function batched<T>(flush: (items: T[]) => void): { add(item: T): void } {
  let items: T[] = [];
  let scheduled = false;
  return {
    add(item) {
      items.push(item);
      if (scheduled) return;
      scheduled = true;
      void nextTurn().then(() => {
        scheduled = false;
        const out = items;
        items = [];
        flush(out);
      });
    },
  };
}
