// The one way a domain buys a paid thing it keeps as a record: through the kernel (quoted,
// guarded, ledgered), in a Team workspace claimed first (a teammate's copy is taken instead,
// read by the keeper as hostile as an API answer), saved locally exactly once (by the kernel
// while it holds the claim, else right after), and shared with the team. A domain brings its
// operation's definition, a `RecordKeeper` (the team's item, the API's parser, its storage) and
// the request; everything else a paid record needs is here.
import type { ApiClient } from '../platform/api/apiClient';
import type { BalanceKind } from '@shared/balances';
import type { Network } from '../platform/api/types';
import type { PaidWork } from '../kernel/paidWork';
import type { PaidOperation } from '../kernel/paidOperation';
import type { TeammateCopy } from './records';
import { answerBody, keepCopy, shareSaved, type RecordKeeper, type ShareRecord } from './teamCopies';

export interface RecordBuyer {
  paid: PaidWork;
  /** A Team workspace: hands what this laptop fetched and saved to the team. */
  share?: ShareRecord;
  now: () => number;
}

export interface RecordPurchase<P> {
  operation: PaidOperation;
  /** The ledger's account column ("list:6" for a list) and network; `item` narrows it. */
  ledger: { network: Network | null; accountKey: string; item?: string };
  /** What it is expected to cost now (0 for an observed operation), and the most it can. */
  quote: { cost: number; balance: BalanceKind };
  maxCost?: number;
  /** In words, for messages: "items 1–100 of list 6". */
  describe: string;
  confirmedHere?: boolean;
  teamUnreachableConfirmed?: boolean;
  signal?: AbortSignal;
  send: (api: ApiClient, paid: boolean) => Promise<P>;
  /** Charged but the answer lost: a free way to it (absent: the loss is said, nothing sent again). */
  recover?: (api: ApiClient) => Promise<P>;
  /** A Team workspace asks the team first (a teammate bought it: their copy, nothing spent). */
  claim: boolean;
  /** A teammate's copy counts when bought within this many days (null: any age). */
  withinDays: number | null;
  /** Just before it is saved as this laptop's fetch (a report unlocked by it, say). */
  onFetched?: (fetchedAt: number, charged: boolean) => void;
}

/** What was kept: the parsed answer, as of when, whether it was a teammate's copy, and whether it was charged. */
export interface KeptRecord<P> {
  parsed: P;
  fetchedAt: number;
  teammate: boolean;
  charged: boolean;
}

/** Buys `at` through the kernel, or takes a teammate's copy; saves it once, and shares what was fetched here. */
export async function buyRecord<A, P>(buyer: RecordBuyer, keeper: RecordKeeper<A, P>, at: A, purchase: RecordPurchase<P>): Promise<KeptRecord<P>> {
  const { describe } = purchase;
  // Saved once: by the kernel while it holds a Team workspace's claim, else here below.
  let kept: KeptRecord<P> | undefined;
  const finish = async (parsed: P, charged: boolean) => {
    const fetchedAt = buyer.now();
    purchase.onFetched?.(fetchedAt, charged);
    buyer.paid.save(describe, charged, () => keeper.save(at, parsed, fetchedAt));
    kept = { parsed, fetchedAt, teammate: false, charged };
    const body = answerBody({ result: keeper.raw(parsed) });
    shareSaved(buyer.share, () => ({ item: keeper.item(at), fetchedAt: new Date(fetchedAt), body }));
    return { value: parsed, fetchedAt: new Date(fetchedAt), body };
  };
  // A teammate's copy, kept like a pulled record; one that cannot be read (TEAM_BAD_DATA) is no copy, and the kernel buys instead.
  const takeCopy = async (body: unknown, copy: TeammateCopy) => {
    const { parsed } = keepCopy(keeper, at, copy.fetchedAt.getTime(), { json: body });
    kept = { parsed, fetchedAt: copy.fetchedAt.getTime(), teammate: true, charged: false };
    return parsed;
  };
  const { value, charged } = await buyer.paid.spend<P>({
    what: { operation: purchase.operation, ...purchase.ledger },
    quote: purchase.quote,
    ...(purchase.maxCost !== undefined ? { maxCost: purchase.maxCost } : {}),
    describe,
    confirmedHere: purchase.confirmedHere,
    teamUnreachableConfirmed: purchase.teamUnreachableConfirmed,
    signal: purchase.signal,
    send: purchase.send,
    ...(purchase.recover ? { recover: purchase.recover } : {}),
    ...(purchase.claim ? { team: { item: keeper.item(at), withinDays: purchase.withinDays, finish, takeCopy } } : {}),
  });
  if (!kept) await finish(value, charged);
  return kept!;
}
