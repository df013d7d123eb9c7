// Fetches that ended without a saved report, one row per account (the latest), so the library
// can list an account that failed, was cancelled or was paid for but not fetched.
import type Database from 'better-sqlite3';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf, fromJson } from '../../platform/cache/repositories/common';
import type { TiktokType } from './reportsRepository';
import { attemptOutcomes, type AttemptOutcome } from '@shared/reports';

export { attemptOutcomes, type AttemptOutcome };

export interface FetchAttempt {
  network: Network;
  accountKey: string;
  apiName: string;
  tiktokType: TiktokType | null;
  outcome: AttemptOutcome;
  error: { code: string; message: string } | null;
  at: number;
  /** What the attempts spent since the last saved report, per balance, refunds deducted. */
  spent: Record<string, number>;
}

export interface AttemptQuery {
  networks?: readonly Network[];
  outcomes?: readonly AttemptOutcome[];
  /** Words that must all appear in the account's name. */
  text?: string;
  after?: number;
  before?: number;
  /** Only accounts with no cached report (those with one are listed by the library already). */
  withoutReport?: boolean;
}

type Row = {
  network: Network;
  account_key: string;
  api_name: string;
  tiktok_type: TiktokType | null;
  outcome: AttemptOutcome;
  error_code: string | null;
  error_message: string | null;
  at: number;
  spent: string;
};

const toAttempt = (row: Row): FetchAttempt => ({
  network: row.network,
  accountKey: row.account_key,
  apiName: row.api_name,
  tiktokType: row.tiktok_type,
  outcome: row.outcome,
  error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  at: row.at,
  spent: fromJson<Record<string, number>>(row.spent),
});

export class AttemptsRepository {
  private readonly upsert: Database.Statement<[Record<string, unknown>]>;
  private readonly one: Database.Statement<[string, string], Row>;
  private readonly remove: Database.Statement<[string, string]>;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO fetch_attempts (network, account_key, api_name, tiktok_type, outcome, error_code, error_message, at, spent)
       VALUES (@network, @accountKey, @apiName, @tiktokType, @outcome, @errorCode, @errorMessage, @at, @spent)
       ON CONFLICT (network, account_key) DO UPDATE SET
         api_name = excluded.api_name, tiktok_type = excluded.tiktok_type, outcome = excluded.outcome,
         error_code = excluded.error_code, error_message = excluded.error_message, at = excluded.at, spent = excluded.spent`,
    );
    this.one = db.prepare('SELECT * FROM fetch_attempts WHERE network = ? AND account_key = ?');
    this.remove = db.prepare('DELETE FROM fetch_attempts WHERE network = ? AND account_key = ?');
  }

  record(attempt: FetchAttempt): void {
    this.upsert.run({
      network: attempt.network,
      accountKey: keyOf(attempt.accountKey),
      apiName: attempt.apiName,
      tiktokType: attempt.tiktokType,
      outcome: attempt.outcome,
      errorCode: attempt.error?.code ?? null,
      errorMessage: attempt.error?.message ?? null,
      at: Math.round(attempt.at),
      spent: JSON.stringify(attempt.spent),
    });
  }

  get(network: Network, accountKey: string): FetchAttempt | null {
    const row = this.one.get(network, keyOf(accountKey));
    return row ? toAttempt(row) : null;
  }

  /** A report of the account was saved: nothing is left to do about it. */
  clear(network: Network, accountKey: string): void {
    this.remove.run(network, keyOf(accountKey));
  }

  /** The attempts matching the filters, newest first. */
  list(query: AttemptQuery = {}): FetchAttempt[] {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (query.networks?.length) {
      where.push('a.network IN (SELECT value FROM json_each(@networks))');
      params.networks = JSON.stringify(query.networks);
    }
    if (query.outcomes) {
      where.push('a.outcome IN (SELECT value FROM json_each(@outcomes))');
      params.outcomes = JSON.stringify(query.outcomes);
    }
    const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20);
    words.forEach((word, i) => {
      // A LIKE pattern with the researcher's % and _ taken literally.
      where.push(`(a.account_key LIKE @w${i} ESCAPE '\\' OR lower(a.api_name) LIKE @w${i} ESCAPE '\\')`);
      params[`w${i}`] = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    });
    if (query.after !== undefined) {
      where.push('a.at >= @after');
      params.after = query.after;
    }
    if (query.before !== undefined) {
      where.push('a.at < @before');
      params.before = query.before;
    }
    if (query.withoutReport) where.push('NOT EXISTS (SELECT 1 FROM reports AS r WHERE r.network = a.network AND r.account_key = a.account_key)');
    const sql = `SELECT a.* FROM fetch_attempts AS a ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.at DESC LIMIT 500`;
    return (this.db.prepare(sql).all(params) as Row[]).map(toAttempt);
  }
}
