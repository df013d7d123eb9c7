// Steps 2 and 3 of the recipe: how a card is kept (its team item, the API's parser, its storage)
// and bought (through buyRecord: quoted, claimed in a team, ledgered, guarded, shared).
import { accountRef, type AccountRef } from '@shared/accountInput';
import type { Db } from '../../src/main/platform/cache/database';
import type { PaidWork } from '../../src/main/kernel/paidWork';
import type { ApiClient } from '../../src/main/platform/api/apiClient';
import { parseTwitterHistory, type MetricsHistory } from '../../src/main/platform/api/schemas';
import { teamItem } from '../../src/main/team/records';
import { buyRecord, type KeptRecord, type RecordBuyer } from '../../src/main/team/paidRecords';
import { accountOf, codecOf, itemParts, type RecordKeeper, type ShareRecord } from '../../src/main/team/teamCopies';
import type { TeamRecordCodec } from '../../src/main/team/codecs';
import { followerCardOperation } from './operations';

type CardAt = { network: 'twitter'; key: string };

export class FollowerCards {
  private readonly keeper: RecordKeeper<CardAt, MetricsHistory>;
  private readonly buyer: RecordBuyer;
  readonly codec: TeamRecordCodec;

  constructor(
    private readonly db: Db,
    paid: PaidWork,
    share: ShareRecord | undefined,
  ) {
    // A real domain's table comes with a migration of the cache; a test's own is made here.
    db.exec('CREATE TABLE IF NOT EXISTS test_follower_cards (account TEXT PRIMARY KEY, fetched_at INTEGER NOT NULL, raw TEXT NOT NULL)');
    this.buyer = { paid, share, now: Date.now };
    const what = followerCardOperation.what;
    this.keeper = {
      kind: followerCardOperation.name,
      what,
      maxBytes: 1024 * 1024,
      item: (at) => teamItem(followerCardOperation.name, { network: at.network, subject: at.key }),
      about: (item) => accountOf(itemParts(item, what), ['twitter'] as const, what),
      parse: (_at, json) => parseTwitterHistory(json),
      raw: (parsed) => parsed.raw,
      held: (at, fetchedAt) => (this.card(at.key)?.fetchedAt ?? -Infinity) >= fetchedAt,
      save: (at, parsed, fetchedAt) => {
        db.prepare('INSERT INTO test_follower_cards (account, fetched_at, raw) VALUES (?, ?, ?) ON CONFLICT (account) DO UPDATE SET fetched_at = excluded.fetched_at, raw = excluded.raw').run(at.key, fetchedAt, JSON.stringify(parsed.raw));
      },
    };
    this.codec = codecOf(this.keeper);
  }

  /** The card kept here, if any. */
  card(account: string): { fetchedAt: number; raw: unknown } | null {
    const row = this.db.prepare('SELECT fetched_at AS fetchedAt, raw FROM test_follower_cards WHERE account = ?').get(account) as { fetchedAt: number; raw: string } | undefined;
    return row ? { fetchedAt: row.fetchedAt, raw: JSON.parse(row.raw) as unknown } : null;
  }

  /** What buying the card costs now: nothing once kept here. */
  quote(account: string): { cost: number; balance: 'credits' } {
    return { cost: this.card(ref(account).key) ? 0 : 1, balance: 'credits' };
  }

  /** Buys the card (or takes a teammate's); `confirmedCost` is what the researcher confirmed. */
  async buy(account: string, confirmedCost: number): Promise<KeptRecord<MetricsHistory> | 'kept'> {
    const at = ref(account);
    if (this.card(at.key)) return 'kept';
    const quote = this.quote(account);
    this.buyer.paid.assertConfirmed(`Buying the follower card of ${at.apiName}`, quote.cost, confirmedCost, quote.balance);
    const send = (api: ApiClient, paid: boolean) =>
      api.request({ operation: 'auditor.twitterHistory', method: 'GET', query: { channel: at.apiName } }, parseTwitterHistory, { paid });
    return buyRecord(this.buyer, this.keeper, { network: 'twitter', key: at.key }, {
      operation: followerCardOperation,
      ledger: { network: 'twitter', accountKey: at.key },
      quote,
      describe: `the follower card of ${at.apiName}`,
      send,
      recover: (api) => send(api, false),
      claim: true,
      withinDays: 365,
    });
  }
}

const ref = (account: string): AccountRef<'twitter'> => accountRef('twitter', account);
