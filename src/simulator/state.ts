// What one simulator instance remembers: the plan's balances. Later parts add reports,
// unlocks and the simulated clock here.
export interface SimBalances {
  credits: number;
  miniReports: number;
  advancedReports: number;
  discoveryRequests: number;
}

export interface SimStateOptions {
  credits?: number;
  miniReports?: number;
  advancedReports?: number;
  discovery?: number;
}

export class SimState {
  readonly balances: SimBalances;
  /** Every request that reached a handler, by method name; tests read it. */
  readonly calls = new Map<string, number>();

  constructor(options: SimStateOptions = {}) {
    this.balances = {
      credits: options.credits ?? 1000,
      miniReports: options.miniReports ?? 200,
      advancedReports: options.advancedReports ?? 100,
      discoveryRequests: options.discovery ?? 500,
    };
  }

  countCall(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }
}
