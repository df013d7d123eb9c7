// Who may touch a balance when. A call that may spend holds the gate alone, so the balances read
// just before and just after it show what it cost and nothing else of Scout's. Report polls are
// free but can move a balance (a failed generation refunds its credit), so they must not overlap
// a paid call; they may overlap each other, which is what lets thirty reports generate at once.
// First come, first served: a paid call waits for the polls already running, and polls that
// arrive after it wait for it.

type Waiter = { exclusive: boolean; start: () => void };

export class BalanceGate {
  private shared = 0;
  private exclusive = false;
  private readonly waiting: Waiter[] = [];
  private idleWaiters: (() => void)[] = [];

  /** Runs `task` with no other task inside the gate. */
  alone<T>(task: () => Promise<T>): Promise<T> {
    return this.run(true, task);
  }

  /** Runs `task` beside other shared tasks, never beside a task that runs alone. */
  beside<T>(task: () => Promise<T>): Promise<T> {
    return this.run(false, task);
  }

  /** Tasks running or waiting. */
  get size(): number {
    return this.shared + (this.exclusive ? 1 : 0) + this.waiting.length;
  }

  /** Resolves once no task runs or waits (at once when none does). */
  whenIdle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private run<T>(exclusive: boolean, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        exclusive,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              if (exclusive) this.exclusive = false;
              else this.shared--;
              this.next();
              if (this.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
            });
        },
      });
      this.next();
    });
  }

  private next(): void {
    while (this.waiting.length > 0 && !this.exclusive) {
      const head = this.waiting[0]!;
      if (head.exclusive && this.shared > 0) return;
      this.waiting.shift();
      if (head.exclusive) this.exclusive = true;
      else this.shared++;
      head.start();
    }
  }
}
