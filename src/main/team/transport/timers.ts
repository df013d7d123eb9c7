/** Timers that never keep the process alive, all cleared at once when their owner stops. */
export class Timers {
  /** The timers waiting (a test looks that none is left after a stop). */
  readonly pending = new Set<NodeJS.Timeout>();

  later(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.pending.add(timer);
    return timer;
  }

  clear(timer: NodeJS.Timeout | null): null {
    if (timer) {
      clearTimeout(timer);
      this.pending.delete(timer);
    }
    return null;
  }

  clearAll(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
