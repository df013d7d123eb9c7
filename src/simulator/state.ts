// What one simulator instance remembers: balances, which reports were checked and when, PDF
// jobs, competitor analyses, and the pictures it has handed out. Tests read it through the
// handle returned by startSimulator.
import type { Network } from './data/random';
import { accountIdentity } from './data/profile';

export interface SimBalances {
  /** Report credits (all networks; TikTok advanced reports use advancedReports). */
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

export type BalanceKind = keyof SimBalances;

/**
 * Ways a real API account behaves that tests switch on at run time, to hold the ledger to what
 * the API really took (the ledger tests).
 */
export interface SimQuirks {
  /** What report answers say in `restTokens`: the balance (default), nothing at all, or this figure (-1, 2.5, 1e12). */
  restTokens?: 'reported' | 'absent' | number;
  /** Which balance a TikTok advanced report draws from: advanced-report credits (default) or report credits, as api-reference.md says. */
  tiktokAdvancedFrom?: 'advancedReports' | 'credits';
  /** planInfo answers (default), is down (503), or goes down as soon as something is charged. */
  planInfo?: 'up' | 'down' | 'down-after-charge';
}

/** One check of an account: when it was paid for, when generation ends, how it ends. */
export interface ReportCheck {
  network: Network;
  name: string;
  checkedAt: number;
  readyAt: number;
  /** Which balance paid; null when it was free (the test account). */
  paidWith: BalanceKind | null;
  outcome: 'ready' | 'low_confidence' | 'no_videos' | 'no_views';
  refunded: boolean;
  tiktokType?: 'report' | 'advanced_report';
}

export interface PdfJob {
  readyAt: number;
  /** When the current link was issued; links are refreshed at most once a day. */
  linkIssuedAt: number | null;
}

export interface CompetitorAnalysis {
  id: string;
  username: string;
  dateFrom: string;
  dateTo: string;
  audienceGeo: string[];
  hashtags: string[];
  createdAt: number;
  readyAt: number;
}

/** A Map that says when it changes, so the state knows it has something new to save. */
class WatchedMap<K, V> extends Map<K, V> {
  constructor(private readonly changed: () => void) {
    super();
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    this.changed();
    return this;
  }

  override delete(key: K): boolean {
    const had = super.delete(key);
    if (had) this.changed();
    return had;
  }

  override clear(): void {
    if (this.size > 0) this.changed();
    super.clear();
  }
}

export class SimState {
  /**
   * Goes up with every change a restart must not forget (balances, checks, PDF jobs, competitor
   * analyses): a simulator with a state file saves when it moved. Calls, quirks and caches do not count.
   */
  revision = 0;
  readonly balances: SimBalances;
  /** Every request that reached a handler, by method name. */
  readonly calls = new Map<string, number>();
  /** Credits actually spent (after refunds), by balance. */
  readonly spent: SimBalances = { credits: 0, miniReports: 0, advancedReports: 0, discoveryRequests: 0 };
  readonly checks: Map<string, ReportCheck> = new WatchedMap(() => this.touch());
  /** Bytes the hostile endless PDF links have sent (they stop when the client hangs up). */
  endlessPdfBytes = 0;
  readonly pdfJobs: Map<string, PdfJob> = new WatchedMap(() => this.touch());
  readonly analyses: Map<string, CompetitorAnalysis> = new WatchedMap(() => this.touch());
  /** Simulated times of recent TikTok report requests, for the 100-a-minute limit. */
  readonly tiktokRequests: number[] = [];
  highDemand = false;
  quirks: SimQuirks = {};
  /** Encoded report bodies, per instance: they embed this simulator's own address. */
  readonly reportBodies = new Map<string, Buffer[]>();

  constructor(options: SimStateOptions = {}) {
    this.balances = {
      credits: options.credits ?? 1000,
      miniReports: options.miniReports ?? 200,
      advancedReports: options.advancedReports ?? 100,
      discoveryRequests: options.discovery ?? 500,
    };
  }

  /** Marks a change made in place (a field of a check or PDF job), for the state file. */
  touch(): void {
    this.revision += 1;
  }

  countCall(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  /** Takes one unit; false when none is left. */
  charge(kind: BalanceKind): boolean {
    if (this.balances[kind] <= 0) return false;
    this.balances[kind] -= 1;
    this.spent[kind] += 1;
    this.touch();
    if (this.quirks.planInfo === 'down-after-charge') this.quirks.planInfo = 'down';
    return true;
  }

  refund(kind: BalanceKind): void {
    this.balances[kind] += 1;
    this.spent[kind] -= 1;
    this.touch();
  }

  /** Total of everything spent, for tests comparing with a client's ledger. */
  totalSpent(): number {
    return Object.values(this.spent).reduce((s, v) => s + v, 0);
  }
}

/** Which account a check belongs to: any letter case of a name is one account, a YouTube channel id only its own. */
export function checkKey(network: Network, name: string): string {
  return `${network}:${accountIdentity(network, name)}`;
}
