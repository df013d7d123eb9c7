// Campaigns shared by two Team workspaces wired as in the app (main services through the handlers
// the renderer calls), on one real PostgreSQL and one simulator: a campaign Anna makes and edits
// is Bob's too; both editing one part at once follows the team's rule (the later in the server's
// order is kept, the other told by the campaign's name, its value in history); two creators edited
// at once are both kept; Bob's start freezes the plan for the team (Anna reads the same plan); a
// start racing an edit of a fee keeps the frozen plan whichever reached the team first, and tells
// the editor; a teammate's hostile rows (psql) are set aside with their reasons and lose nothing.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { campaignSeen, type Campaign, type CampaignSummary, type CampaignView } from '@shared/campaigns';
import type { TeamNotice } from '@shared/teamSync';
import { describeTeam, waitUntil, type Laptop } from '../../../../test/teamHarness';

const input = (name: string) => ({
  name,
  client: 'Glow Co',
  currency: 'EUR',
  brands: { instagram: '@glowbrand', tiktok: '', youtube: '' },
  match: { hashtags: ['#SummerGlow'], mentions: ['@glowbrand'], linkDomains: [], paidPartnership: true },
  window: { from: '2026-06-01', to: '2026-06-30' },
  basisPeriod: '90d',
  rates: { instagram: { perThousandViews: 20, perEngagement: 0.5 } },
  creators: [
    { network: 'instagram', account: 'nasa', name: 'NASA (@nasa, Instagram)', source: 'library', sourceName: null, posts: 3, dueDates: ['2026-06-05'], fee: 1500 },
    { network: 'tiktok', account: 'dancer_one', name: '@dancer_one (TikTok)', source: 'shortlist', sourceName: null, posts: 2, dueDates: [], fee: 600 },
  ],
});

/** What an editor showing `c` sends back to save it with `patch` applied. */
const edited = (c: Campaign, patch: (x: ReturnType<typeof requestOf>) => void) => {
  const request = requestOf(c);
  patch(request);
  return { ...request, seen: campaignSeen(c) };
};
function requestOf(c: Campaign) {
  const { id, name, client, currency, brands, match, window, basisPeriod, rates, creators } = c;
  return { id, name, client, currency, brands, match, window, basisPeriod, rates, creators: creators.map(({ accountKey, ...x }) => ({ ...x, account: accountKey })) };
}

describeTeam('campaigns shared by two Team workspaces', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  const byName = async (l: Laptop, name: string) => (await l.call<CampaignSummary[]>('campaigns:list')).find((c) => c.name === name) ?? null;
  const view = async (l: Laptop, name: string) => {
    const c = await byName(l, name);
    return c ? l.call<CampaignView>('campaigns:get', { id: c.id }) : null;
  };
  /** Bob's laptop holds all of it (its fields arrive one change at a time), at the version Anna's has. */
  const arrived = (a: Laptop, b: Laptop, name: string) =>
    waitUntil(`“${name}” whole on Bob’s laptop`, async () => {
      const [x, y] = [await view(a, name), await view(b, name)];
      return y !== null && y.campaign.creators.length === x!.campaign.creators.length && y.campaign.team?.version === x!.campaign.team?.version;
    }, 10_000);
  const notices = (l: Laptop) => l.call<TeamNotice[]>('team:notices');
  const shared = (l: Laptop) => l.services.workspaces.get('team').sharedWork!;
  const fetchReport = async (l: Laptop, network: string, account: string) => {
    const quote = await l.call<{ cost: number }>('reports:quote', { network, account });
    return l.call<{ fetchedAt: number }>('reports:fetch', { network, account, confirmedCost: quote.cost, workspace: 'team' });
  };
  const fees = (v: CampaignView | null) => v?.campaign.creators.map((c) => `${c.accountKey}:${c.fee}`).join() ?? '';

  it('Anna’s campaign is Bob’s; one part edited at once follows the rule and tells who was overtaken; two creators edited at once are both kept', async () => {
    const [a, b] = await t.pair();
    await fetchReport(a, 'instagram', 'nasa');
    const made = await a.call<Campaign>('campaigns:save', input('Summer glow'));
    await arrived(a, b, 'Summer glow');
    const onBob = (await view(b, 'Summer glow'))!;
    const { id: _a, createdAt: _c, updatedAt: _u, team: _t, ...mine } = made;
    expect(onBob.campaign).toMatchObject(mine);
    expect(onBob.campaign.team?.version).toBeGreaterThan(0);
    expect(b.events.some((e) => e.name === 'team:received' && (e.payload as { kinds: string[] }).kinds.includes('campaign'))).toBe(true);

    // Anna edits what counts as a post and the window; Bob's laptop follows.
    const annas = (await view(a, 'Summer glow'))!.campaign;
    await a.call('campaigns:save', edited(annas, (r) => ((r.match = { ...r.match, hashtags: ['summerglow', 'glowup'] }), (r.window = { from: '2026-06-01', to: '2026-07-15' }))));
    await waitUntil('Anna’s edit on Bob’s laptop', async () => (await view(b, 'Summer glow'))!.campaign.window.to === '2026-07-15', 10_000);
    expect((await view(b, 'Summer glow'))!.campaign.match.hashtags).toEqual(['summerglow', 'glowup']);
    expect((await view(b, 'Summer glow'))!.campaign.team?.by).toMatchObject({ match: 'Anna Berg', window: 'Anna Berg' });

    // Both change the client from the same version, neither having seen the other's.
    const [seenA, seenB] = [(await view(a, 'Summer glow'))!.campaign, (await view(b, 'Summer glow'))!.campaign];
    expect(seenA.team?.version).toBe(seenB.team?.version);
    await Promise.all([
      a.call('campaigns:save', edited(seenA, (r) => (r.client = 'Glow Co (Anna)'))),
      b.call('campaigns:save', edited(seenB, (r) => (r.client = 'Glow Co (Bob)'))),
    ]);
    await waitUntil('one client on both laptops, and one notice', async () => {
      const [va, vb] = [await view(a, 'Summer glow'), await view(b, 'Summer glow')];
      return va!.campaign.client === vb!.campaign.client && (await notices(a)).length + (await notices(b)).length === 1;
    }, 15_000);
    const kept = (await view(a, 'Summer glow'))!.campaign.client;
    const [winner, loser, loserName, winnerName] = kept === 'Glow Co (Anna)' ? [a, b, 'Bob', 'Anna Berg'] : [b, a, 'Anna', 'Bob Lund'];
    expect(await notices(winner)).toEqual([]);
    const [notice] = await notices(loser);
    expect(notice).toMatchObject({ message: `${winnerName} changed the client of the campaign “Summer glow” while you were editing; yours is kept in its history — restore it?`, canRestore: true });
    const docId = shared(loser).docIdOf('campaign', (await byName(loser, 'Summer glow'))!.id)!;
    expect(shared(loser).history('campaign', docId, 'client').map((h) => [h.value, h.mine, h.current])).toEqual(
      expect.arrayContaining([
        [`Glow Co (${loserName})`, true, false],
        [kept, false, true],
      ]),
    );

    // Two creators' fees changed at once, one on each laptop: both kept on both.
    const [ca, cb] = [(await view(a, 'Summer glow'))!.campaign, (await view(b, 'Summer glow'))!.campaign];
    await Promise.all([
      a.call('campaigns:save', edited(ca, (r) => (r.creators[0]!.fee = 1700))),
      b.call('campaigns:save', edited(cb, (r) => (r.creators[1]!.fee = 650))),
    ]);
    await waitUntil('both fees on both laptops', async () => fees(await view(a, 'Summer glow')) === 'nasa:1700,dancer_one:650' && fees(await view(b, 'Summer glow')) === 'nasa:1700,dancer_one:650', 15_000);
    expect((await notices(a)).length + (await notices(b)).length).toBe(1);

    // A deletion made having seen every edit reaches both.
    await a.call('campaigns:delete', { id: made.id });
    await waitUntil('the campaign gone on Bob’s laptop', async () => (await byName(b, 'Summer glow')) === null, 10_000);
  });

  it('Bob starts the campaign: Anna reads the plan he froze, the same to the figure, and its frozen parts stay', async () => {
    const [a, b] = await t.pair();
    await fetchReport(a, 'tiktok', 'dancer_one');
    await a.call<Campaign>('campaigns:save', input('Autumn glow'));
    await arrived(a, b, 'Autumn glow');
    const onBob = (await view(b, 'Autumn glow'))!;
    const started = await b.call<CampaignView>('campaigns:start', { id: onBob.campaign.id, seen: { version: onBob.campaign.team!.version } });
    expect(started.plan.frozen).toBe(true);
    await waitUntil('started on Anna’s laptop', async () => (await view(a, 'Autumn glow'))!.campaign.startedAt !== null, 10_000);
    const onAnna = (await view(a, 'Autumn glow'))!;
    expect(onAnna.campaign.startedAt).toBe(started.campaign.startedAt);
    expect(onAnna.plan).toEqual(started.plan);
    // A newer report on Anna's laptop does not change the plan the team froze.
    await fetchReport(a, 'tiktok', 'dancer_one');
    expect((await view(a, 'Autumn glow'))!.plan).toEqual(started.plan);
    // What makes the plan stays as it was on Anna's laptop too; what does not (the name) is still shared.
    const refused = await a.failure('campaigns:save', edited(onAnna.campaign, (r) => (r.creators[0]!.fee = 1)));
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/its plan is frozen/) });
    await a.call('campaigns:save', edited(onAnna.campaign, (r) => (r.name = 'Autumn glow 2026')));
    await waitUntil('the new name on Bob’s laptop', async () => (await byName(b, 'Autumn glow 2026')) !== null, 10_000);
    expect((await view(b, 'Autumn glow 2026'))!.plan).toEqual(started.plan);
  });

  it('a start racing an edit of a fee: the frozen plan is kept whichever reached the team first, and the editor is told', async () => {
    const [a, b] = await t.pair();
    for (const [round, annaFirst] of [
      ['Race one', true],
      ['Race two', false],
    ] as const) {
      await a.call<Campaign>('campaigns:save', input(round));
      await arrived(a, b, round);
      const [va, vb] = [(await view(a, round))!.campaign, (await view(b, round))!.campaign];
      // The one that reaches the team second has not pulled the other's change when it makes its
      // own: its laptop stops listening for the team's shared work meanwhile (its own save still
      // pushes), so the server's order is the round's, whatever the machine's load.
      const [first, second] = annaFirst ? [a, b] : [b, a];
      await shared(second).stop();
      const edit = () => a.call('campaigns:save', edited(va, (r) => (r.creators[0]!.fee = 9999)));
      const start = () => b.call<CampaignView>('campaigns:start', { id: vb.id, seen: { version: vb.team!.version } });
      const run = (l: Laptop) => (l === a ? edit() : start());
      await run(first);
      await waitUntil('the first change in the team database', async () => shared(first).pendingCount() === 0, 10_000);
      await run(second);
      await shared(second).start();
      const frozen = (await view(b, round))!.plan;
      expect(frozen.frozen).toBe(true);
      expect(frozen.creators[0]!.fee).toBe(1500);
      await waitUntil('started with the frozen fee on both laptops', async () => {
        const [x, y] = [await view(a, round), await view(b, round)];
        return x!.campaign.startedAt !== null && fees(x) === 'nasa:1500,dancer_one:600' && fees(y) === 'nasa:1500,dancer_one:600';
      }, 15_000);
      expect((await view(a, round))!.plan).toEqual(frozen);
      expect((await view(b, round))!.plan).toEqual(frozen);
      await waitUntil('Anna told', async () => (await notices(a)).length === 1, 10_000);
      expect(await notices(a)).toEqual([
        {
          id: expect.any(String),
          message: `Bob Lund started the campaign “${round}” while you were changing what was agreed with NASA (@nasa, Instagram): its plan stays as they froze it, and your change is kept in its history.`,
          canRestore: false,
        },
      ]);
      expect(await notices(b)).toEqual([]);
      // Anna's fee is not lost: it is in the creator's history, as hers; and the server's order was the round's.
      const docId = shared(a).docIdOf('campaign', va.id)!;
      const hers = shared(a).history('campaign', docId, 'creator:instagram:nasa').find((h) => h.mine && (h.value as { fee: number }).fee === 9999);
      const startedSeq = shared(a).history('campaign', docId, 'started').at(-1)!.seq!;
      expect(hers!.seq! < startedSeq).toBe(annaFirst);
      const [notice] = await notices(a);
      await a.call('team:dismissNotice', { id: notice!.id });
    }
  });

  it('a teammate’s hostile rows (written with psql) are set aside with why; the campaign stays as it was and later edits still arrive', async () => {
    const [a] = await t.pair();
    const made = await a.call<Campaign>('campaigns:save', input('Winter glow'));
    const work = shared(a);
    await waitUntil('Anna’s campaign in the team database', async () => work.pendingCount() === 0 && (await view(a, 'Winter glow'))!.campaign.team !== undefined, 10_000);
    const docId = work.docIdOf('campaign', made.id)!;
    const before = (await view(a, 'Winter glow'))!;
    const version = before.campaign.team!.version;
    const bobSql = await t.researchers['Bob Lund'].client();
    const origin = randomUUID();
    const row = (field: string, value: unknown) =>
      bobSql.query(`INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES ($1, $2, 'campaign', $3, $4, $5::jsonb, $6)`, [
        randomUUID(),
        origin,
        docId,
        field,
        JSON.stringify(value),
        version,
      ]);
    const nasa = { name: 'NASA', source: 'library', sourceName: null, posts: 3, dueDates: ['2026-06-05'], fee: 1500 };
    try {
      await row('creator:instagram:nasa', { ...nasa, fee: -5 });
      await row('creator:instagram:nasa', { ...nasa, dueDates: ['2026-06-05', '2026-06-01'] });
      await row('creator:instagram:NASA', nasa);
      await row('window', { from: '2026-06-30', to: '2026-06-01' });
      await row('window', { from: ' 2026-06-01', to: '2026-06-30' });
      await row('name', '');
      await row('currency', 'eur');
      await row('match', { hashtags: ['#SummerGlow'], mentions: [], linkDomains: [], paidPartnership: true });
      await row('rates', { instagram: { perThousandViews: -1, perEngagement: null } });
      await row('started', { at: 5, rates: {}, plan: { at: 5, frozen: true, currency: 'EUR', basisPeriod: '90d', creators: [], totals: {} } });
      await row('client', 'Glow\u0007Co');
      await row('price', 12);
      // A readable one after them: it still arrives.
      await row('client', 'Glow Co (Bob)');
    } finally {
      await bobSql.end();
    }
    await waitUntil('the readable edit on Anna’s laptop', async () => (await view(a, 'Winter glow'))!.campaign.client === 'Glow Co (Bob)', 10_000);
    const reasons = work.skipped().map((s) => s.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/^a creator Scout cannot read .*cannot be negative/),
      'a creator Scout cannot read (due dates out of order)',
      'a creator’s account not as Scout writes one',
      'a window Scout cannot read (a window that ends before it starts)',
      'a window Scout cannot read (a day written YYYY-MM-DD)',
      expect.stringMatching(/^a campaign name Scout cannot read/),
      expect.stringMatching(/^a currency Scout cannot read/),
      'a description of a campaign post not as Scout writes it',
      expect.stringMatching(/^a table of media rates Scout cannot read .*cannot be negative/),
      expect.stringMatching(/^a frozen plan Scout cannot read/),
      'a client Scout cannot read (control characters)',
      'a field of a campaign this Scout does not know (price)',
    ]);
    const after = (await view(a, 'Winter glow'))!;
    const { client: _c, updatedAt: _u, team: _t, ...rest } = after.campaign;
    const { client: _c2, updatedAt: _u2, team: _t2, ...was } = before.campaign;
    expect(rest).toEqual(was);
    expect(after.plan.creators).toEqual(before.plan.creators);
  });
});
