// One account, however it is spelled. Through the contract, against the simulator (which, like
// the API, reads usernames without regard to case but takes a leading @ or a space as part of
// the name, so it charges '@NASA' where 'nasa' is free): for any spelling of any account, what
// the API takes and what the ledger books equal what was quoted, and the fetch writes the cache
// entry that was quoted, never another account's.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedReport, CostQuote, Network, SpendingRow } from '@shared/reports';
import type { LibraryPageView } from '@shared/contract';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
beforeAll(async () => {
  h = await productionHarness({ generationMs: 0, credits: 10_000, miniReports: 10_000, advancedReports: 10_000 });
});
afterAll(() => h?.close());

/** One account: its network, the key Scout must cache it under, and how to spell it. */
interface Account {
  network: Network;
  key: string;
  /** The name the simulator must be asked for (its check is keyed by it). */
  simName: string;
  spellings: fc.Arbitrary<string>;
}

const profileLinks: Record<Network, ((name: string) => string)[]> = {
  instagram: [(n) => `https://www.instagram.com/${n}/`, (n) => `instagram.com/${n}?igsh=abc`],
  youtube: [(n) => `https://www.youtube.com/@${n}`, (n) => `https://youtube.com/c/${n}/videos`],
  tiktok: [(n) => `https://www.tiktok.com/@${n}?lang=en`, (n) => `tiktok.com/@${n}`],
  twitch: [(n) => `https://www.twitch.tv/${n}`, (n) => `twitch.tv/@${n}/videos`],
  twitter: [(n) => `https://x.com/${n}`, (n) => `https://twitter.com/@${n}/status/1`],
  snapchat: [(n) => `https://www.snapchat.com/add/${n}`, (n) => `snapchat.com/@${n}`],
};

const space = fc.constantFrom('', ' ', '  ', '\t', ' \n');
const surrounded = (text: fc.Arbitrary<string>) => fc.tuple(space, text, space).map(([a, t, b]) => `${a}${t}${b}`);
/** The name with its letters' case changed at random. */
const recased = (name: string) => fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
const prefixed = (network: Network, text: fc.Arbitrary<string>) =>
  fc.tuple(recased(network), text).map(([prefix, t]) => `${prefix}:${t}`);

/** A username: any case, a leading @, spaces around, `network:name`, a profile link. */
function username(network: Network, name: string): Account {
  const cased = recased(name);
  const bare = fc.oneof(cased, cased.map((n) => `@${n}`));
  return {
    network,
    key: name,
    simName: name,
    spellings: surrounded(fc.oneof(bare, prefixed(network, bare), fc.tuple(cased, fc.constantFrom(...profileLinks[network])).map(([n, link]) => link(n)))),
  };
}

/** A YouTube channel id: case-sensitive, so only its dressing changes. */
function channelId(id: string): Account {
  const bare = fc.constantFrom(id, `@${id}`);
  return {
    network: 'youtube',
    key: id.toLowerCase(),
    simName: id,
    spellings: surrounded(fc.oneof(bare, prefixed('youtube', bare), fc.constant(`https://www.youtube.com/channel/${id}`))),
  };
}

/** A TikTok user id (with a leading @ it would be a username, another account). */
function tiktokUserId(id: string): Account {
  return { network: 'tiktok', key: id, simName: `user${id}`, spellings: surrounded(fc.oneof(fc.constant(id), prefixed('tiktok', fc.constant(id)))) };
}

const accounts: Account[] = [
  ...(['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const).map((n) => username(n, 'nasa')),
  username('instagram', 'natgeo'),
  username('twitch', 'streamer_one'),
  username('twitter', 'space.news'),
  username('snapchat', 'snap-daily'),
  username('tiktok', 'khaby.lame'),
  username('youtube', 'foodchannel'),
  channelId('UCpVm7bg6pXKo1Pr6k5kxG9A'),
  tiktokUserId('6812345678901234567'),
];

const total = (balances: object) => (Object.values(balances) as number[]).reduce((s, n) => s + n, 0);

async function library(): Promise<Map<string, number>> {
  const page = await h.call<LibraryPageView>('reports:library', { limit: 500 });
  return new Map(page.items.map((i) => [`${i.network}:${i.accountKey}`, i.fetchedAt]));
}

describe('one account, however it is spelled', () => {
  it('spends what was quoted, books it to that account, and writes only that account’s cache entry', async () => {
    const ws = h.services.active();
    /** What the ledger must show for each account: the sum of what was quoted for it. */
    const quotedPerAccount = new Map<string, number>();
    const byId = new Map(accounts.map((a) => [`${a.network}:${a.key}`, a]));
    const fetchOf = fc.record({ id: fc.constantFrom(...byId.keys()), tiktokType: fc.constantFrom('report', 'advanced_report', undefined) });
    await fc.assert(
      fc.asyncProperty(
        fetchOf.chain(({ id, tiktokType }) => byId.get(id)!.spellings.map((spelled) => ({ id, spelled, tiktokType }))),
        async ({ id, spelled, tiktokType }) => {
          const account = byId.get(id)!;
          const request = { network: account.network, account: spelled, ...(account.network === 'tiktok' && tiktokType ? { tiktokType } : {}) };
          const before = { spent: total(h.sim.state.spent), booked: total(ws.ledger.totals()), cache: await library() };

          const quote = await h.call<CostQuote>('reports:quote', request);
          if (account.key === 'nasa') expect(quote).toMatchObject({ cost: 0, reason: 'free-test-account' });
          else if (!before.cache.has(id)) expect(quote).toMatchObject({ cost: 1, reason: 'new' });
          const report = await h.call<CachedReport>('reports:fetch', { ...request, confirmedCost: quote.cost });

          // What the API took and what the ledger booked are what was quoted.
          expect(total(h.sim.state.spent) - before.spent).toBe(quote.cost);
          expect(total(ws.ledger.totals()) - before.booked).toBe(quote.cost);
          quotedPerAccount.set(id, (quotedPerAccount.get(id) ?? 0) + quote.cost);

          // The entry written is the one quoted; no other account's latest snapshot moved.
          expect(report).toMatchObject({ network: account.network, accountKey: account.key });
          const after = await library();
          expect(after.get(id)).toBe(report.fetchedAt);
          for (const [other, fetchedAt] of before.cache) if (other !== id) expect(after.get(other), other).toBe(fetchedAt);
          expect([...after.keys()].filter((k) => !before.cache.has(k))).toEqual(before.cache.has(id) ? [] : [id]);

          // Every other operation names the same account under this spelling.
          expect((await h.call<CachedReport>('reports:open', { network: account.network, account: spelled })).fetchedAt).toBe(report.fetchedAt);
          expect(await h.call<unknown[]>('reports:snapshots', { network: account.network, account: spelled })).toHaveLength(report.snapshotCount);
          expect(await h.call('reports:progress', { network: account.network, account: spelled })).toBeNull();
          const rows = await h.call<SpendingRow[]>('ledger:spending', { network: account.network, account: spelled });
          expect(rows.every((r) => r.accountKey === account.key)).toBe(true);
          expect(rows.reduce((s, r) => s + r.spent, 0)).toBe(quotedPerAccount.get(id));
        },
      ),
      {
        numRuns: 60,
        // The spellings of the bug report first: '@NASA' is free, and '@natgeo' after 'natgeo' is natgeo.
        examples: [
          [{ id: 'twitch:nasa', spelled: '@NASA', tiktokType: undefined }],
          [{ id: 'instagram:natgeo', spelled: 'natgeo', tiktokType: undefined }],
          [{ id: 'instagram:natgeo', spelled: '@natgeo', tiktokType: undefined }],
          [{ id: 'instagram:natgeo', spelled: ' https://www.instagram.com/NatGeo/ ', tiktokType: undefined }],
        ],
      },
    );

    // Scout asked the API only for names as the API spells them: no @, no spaces, no case variants
    // (a YouTube channel id in its own case). The simulator keeps a check per name it was asked for.
    const asked = [...h.sim.state.checks.keys()];
    const canonical = new Set(accounts.map((a) => `${a.network}:${a.simName}`));
    expect(asked.length).toBeGreaterThan(0);
    for (const key of asked) expect(canonical, key).toContain(key);
    expect(total(ws.ledger.totals())).toBe(total(h.sim.state.spent));
  }, 120_000);

  it('is charged by the simulator for a raw "@NASA", as Scout must never send it', async () => {
    // The simulator is honest about what a wrong name costs: the test above would see the charge.
    const before = total(h.sim.state.spent);
    const response = await fetch(`${h.sim.url}/api/method/auditor.twitch/?channel=${encodeURIComponent('@NASA')}`, {
      headers: { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token' },
    });
    expect(response.status).toBe(200);
    expect(total(h.sim.state.spent)).toBe(before + 1);
  });
});
