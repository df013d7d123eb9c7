// What unlocked an account's report for the agency's API account, by the team ledger (issue 37):
// a teammate's record is evidence of what the team HAS, not of an unlock — anyone with a
// researcher login can insert a record for an account nobody bought, and a quote that took it as
// an unlock said "free" for a refresh the API then charged. An unlock is a paid report, PDF or
// history of the account in the team ledger (settled or resolved at a cost, not refunded since by
// its researcher), dated by the server when the entry opened, within the year the unlock lasts. Without one, the quote asks the API
// itself (auditor.creators, unlockQuotes.ts), or says what it may cost.
import type pg from 'pg';
import { z } from 'zod';
import type { Network } from '@shared/reports';
import type { Logger } from '../platform/log';
import { TEAM_SCHEMA as S } from './names';
import { teamCall } from './pool';

export interface AccountOf {
  network: Network;
  accountKey: string;
}

/** The most accounts asked about in one statement. */
const CHUNK = 500;

const unlockRow = z.object({ network: z.string(), account_key: z.string(), at: z.date() });

const keyOf = (a: AccountOf) => JSON.stringify([a.network, a.accountKey]);

/**
 * When the team ledger says each account's report was last unlocked (epoch ms, the server's time
 * of the paid entry's opening), for those it has one within the last 365 days.
 */
export async function teamUnlocks(pool: pg.Pool, accounts: readonly AccountOf[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const distinct = [...new Map(accounts.map((a) => [keyOf(a), a])).values()];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const chunk = distinct.slice(i, i + CHUNK);
    const { rows } = await teamCall('look up who unlocked these reports', () =>
      pool.query(
        `SELECT o.network, o.account_key, max(o.recorded_at) AS at
           FROM unnest($1::text[], $2::text[]) AS asked(network, account_key)
           JOIN ${S}.ledger o ON o.network = asked.network AND o.account_key = asked.account_key AND o.state = 'open'
          WHERE o.operation IN ('report', 'pdf', 'history') AND o.recorded_at > now() - interval '365 days'
            AND EXISTS (SELECT 1 FROM ${S}.ledger t WHERE t.entry_id = o.entry_id AND t.state IN ('settled', 'resolved') AND t.cost > 0)
            -- Not refunded since by that researcher (a failed generation gives its credit back: no unlock).
            AND NOT EXISTS (
              SELECT 1 FROM ${S}.ledger ro JOIN ${S}.ledger rt ON rt.entry_id = ro.entry_id AND rt.state = 'settled' AND rt.cost < 0
               WHERE ro.state = 'open' AND ro.researcher = o.researcher AND ro.operation = 'report'
                 AND ro.network = o.network AND ro.account_key = o.account_key AND ro.recorded_at >= o.recorded_at)
          GROUP BY o.network, o.account_key`,
        [chunk.map((a) => a.network), chunk.map((a) => a.accountKey)],
      ),
    );
    for (const raw of rows) {
      const row = unlockRow.safeParse(raw);
      if (row.success) found.set(JSON.stringify([row.data.network, row.data.account_key]), row.data.at.getTime());
    }
  }
  return found;
}

export interface UnlockEvidenceOptions {
  pool: () => pg.Pool | null;
  /** Writes an unlock into the cache; true when it changed what the cache knew. */
  markUnlocked: (account: AccountOf, at: number) => boolean;
  /** Told once a batch unlocked something, for the screens to quote again. */
  onUnlocked?: (accounts: AccountOf[]) => void;
  logger: Logger;
  /** Waits before asking again about accounts the ledger had no paid entry for yet (its outbox may lag the record). */
  retryMs?: readonly number[];
}

/**
 * Teammates' reports, as they are pulled, are looked up in the team ledger in batches, and the
 * unlocks it shows are written into the cache (so a watchlist's refresh of a teammate's report is
 * quoted free only when someone paid for it). An account not found yet is asked again after each
 * wait of `retryMs`, since a teammate's ledger may reach the team after their record; then left to
 * the quote's own look-up.
 */
export class UnlockEvidence {
  private readonly waiting = new Map<string, { account: AccountOf; tries: number }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly retryMs: readonly number[];

  constructor(private readonly options: UnlockEvidenceOptions) {
    this.retryMs = options.retryMs ?? [30_000, 300_000];
  }

  add(account: AccountOf): void {
    if (this.stopped) return;
    const key = keyOf(account);
    if (!this.waiting.has(key)) this.waiting.set(key, { account, tries: 0 });
    this.schedule(0);
  }

  /** Resolves once the lookup under way (if any) is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Asks now about everything waiting; for tests and for a caller that must know. */
  flush(): Promise<void> {
    const run = this.running.then(() => this.lookUp());
    this.running = run.catch(() => undefined);
    return run;
  }

  private schedule(ms: number): void {
    if (this.stopped || (this.timer && ms > 0)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch((error: unknown) => this.options.logger.info(`unlocks not looked up in the team ledger: ${error instanceof Error ? error.message : String(error)}`));
    }, ms);
    this.timer.unref?.();
  }

  private async lookUp(): Promise<void> {
    if (this.stopped || this.waiting.size === 0) return;
    const pool = this.options.pool();
    const asked = [...this.waiting.entries()];
    if (!pool) {
      this.schedule(this.retryMs[0] ?? 30_000);
      return;
    }
    const found = await teamUnlocks(
      pool,
      asked.map(([, w]) => w.account),
    );
    const unlocked: AccountOf[] = [];
    let later: number | null = null;
    for (const [key, w] of asked) {
      const at = found.get(key);
      if (at !== undefined) {
        this.waiting.delete(key);
        if (this.options.markUnlocked(w.account, at)) unlocked.push(w.account);
        continue;
      }
      const wait = this.retryMs[w.tries];
      if (wait === undefined) {
        this.waiting.delete(key);
        continue;
      }
      w.tries++;
      later = later === null ? wait : Math.min(later, wait);
    }
    if (unlocked.length > 0) this.options.onUnlocked?.(unlocked);
    if (later !== null) this.schedule(later);
  }
}
