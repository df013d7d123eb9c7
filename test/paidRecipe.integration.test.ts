// A paid operation added through the recipe alone (docs/architecture.md, "A new paid
// operation"): the test-only domain in test/followerCards/ defines it, keeps it and buys it, and
// nothing outside that folder names it. Two laptops in one team, on one simulator that says what
// was charged, prove it quoted, guarded, ledgered, claimed in the team and shared.
import { expect, it } from 'vitest';
import { domains } from '../src/main/app/domains';
import { parseTwitterHistory } from '../src/main/platform/api/schemas';
import { followerCardsDomain } from './followerCards';
import { describeTeam, waitUntil } from './teamHarness';

describeTeam('a paid operation added by the recipe alone (a test-only domain)', { researchers: ['Ada', 'Bob'], simulator: {} }, (t) => {
  const withCards = [...domains, followerCardsDomain];
  const spent = () => t.sim.state.spent.credits;

  it('is quoted, guarded, ledgered, claimed in the team (one credit for two buyers) and shared', async () => {
    const [a, b] = [await t.laptop('Ada', { domains: withCards }), await t.laptop('Bob', { domains: withCards })];
    const [wsA, wsB] = [a.services.workspaces.get('team'), b.services.workspaces.get('team')];
    const before = spent();

    // Quoted: a credit, and buying without confirming it is refused with nothing sent.
    expect(wsA.followerCards.quote('jack')).toEqual({ cost: 1, balance: 'credits' });
    await expect(wsA.followerCards.buy('jack', 0)).rejects.toMatchObject({ code: 'COST_CHANGED' });

    // Guarded: the same request sent past the kernel is refused before it leaves.
    const api = await wsA.api();
    await expect(api.request({ operation: 'auditor.twitterHistory', method: 'GET', query: { channel: 'jack' } }, parseTwitterHistory)).rejects.toMatchObject({
      code: 'INTERNAL',
      detail: expect.stringMatching(/outside the paid-work kernel; nothing was sent/),
    });
    expect(spent()).toBe(before);

    // Claimed: both buy at once; the team's claim lets one pay, the other takes that copy.
    const [cardA, cardB] = await Promise.all([wsA.followerCards.buy('jack', 1), wsB.followerCards.buy('jack', 1)]);
    expect(spent()).toBe(before + 1);
    if (cardA === 'kept' || cardB === 'kept') throw new Error('neither laptop held the card before');
    expect([cardA.teammate, cardB.teammate].sort()).toEqual([false, true]);
    expect(wsA.followerCards.card('jack')).not.toBeNull();
    expect(wsB.followerCards.card('jack')).not.toBeNull();

    // Ledgered: the buyer's ledger books it under the operation's name, settled at a credit; the other's books no spend.
    const [buyer, taker] = cardA.teammate ? [wsB, wsA] : [wsA, wsB];
    const cards = (ws: typeof wsA) => ws.ledger.entries().filter((e) => e.operation === 'follower_card');
    expect(cards(buyer)).toMatchObject([{ network: 'twitter', accountKey: 'jack', status: 'settled', actualCost: 1, balance: 'credits' }]);
    expect(cards(taker).filter((e) => (e.actualCost ?? 0) > 0)).toEqual([]);

    // Shared: a card bought on one laptop reaches the other through the team's sync, with nothing spent there.
    await wsA.followerCards.buy('biz', 1);
    expect(spent()).toBe(before + 2);
    await waitUntil("Ada's card of biz on Bob's laptop", () => wsB.followerCards.card('biz') !== null, 15_000);
    expect(await wsB.followerCards.buy('biz', 0)).toBe('kept');
    expect(spent()).toBe(before + 2);
  });
});
