// No edit is lost silently, through the handlers the renderer calls, on two laptops wired as in
// the app (each syncing by itself: NOTIFY, push and pull at each edit) and one real PostgreSQL:
// - Anna and Bob open the same account note (or saved query name) and each saves their own, at
//   0, 50, 200, 500 and 2,000 ms apart, in both orders. Each edit goes to the team as made on the
//   version its editor showed when it opened, not on the latest the laptop had pulled before the
//   save: so whichever the team database received last is the value on both laptops, and the
//   other's author is told (a notice), finds theirs in the field's history and can restore it.
// - The account editor's own quick sequence (status → tag → note within a second, on an account
//   with nothing yet), with its answers reaching the screen a little after each edit was sent as
//   in the app: the tag is kept on both laptops, and Anna's Scout never sends its removal.
import { beforeAll, expect, it } from 'vitest';
import { notesEdits, seenOf, type AccountNotesEdit, type AccountNotesSeen, type AccountNotesView } from '@shared/accountNotes';
import type { SavedDiscoveryQuery } from '@shared/discoveryData';
import { comparisonFields, comparisonSeen, type LatestSnapshot, type SavedComparison } from '@shared/compare';
import { changedByTeammate } from '@shared/teamSeen';
import type { WatchlistSummary } from '@shared/tracking';
import type { TeamNotice } from '@shared/teamSync';
import { TEAM_SCHEMA } from './names';
import { accountDocId } from '../workspace/sharedDocs';
import type { SharedKind } from './sharedWork';
import { describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const delays = [0, 50, 200, 500, 2_000];
const orders = ['Anna first', 'Bob first'] as const;

describeTeam('no edit lost silently: an edit is made on what its editor showed (two laptops, real delays)', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  let a: Laptop;
  let b: Laptop;

  beforeAll(async () => {
    [a, b] = await t.pair();
    // Both listen (NOTIFY): a teammate's edit arrives within moments, as in the app.
    await waitUntil('both laptops listening', () => [a, b].every((l) => l.services.workspaces.get('team').sharedWork!.live), 10_000);
  }, 60_000);

  const shared = (l: Laptop) => l.services.workspaces.get('team').sharedWork!;
  const settled = () => [a, b].every((l) => shared(l).pendingCount() === 0);
  const notesOn = (l: Laptop, account: string) => l.call<AccountNotesView>('notes:get', { network: 'instagram', account });
  const noticesAbout = async (l: Laptop, words: string) => (await l.call<TeamNotice[]>('team:notices')).filter((n) => n.message.includes(words));
  const who = (l: Laptop) => (l === a ? 'Anna Berg' : 'Bob Lund');

  /**
   * Two saves of one field from editors both opened on `base`, `delay` ms apart: the value the
   * team received last is the value on both laptops; the other's author is told, has theirs in
   * the field's history on both laptops, and restoring it makes it the value on both again.
   */
  async function neitherLost(
    kind: SharedKind,
    docId: () => string,
    field: string,
    words: string,
    read: (l: Laptop) => Promise<string | null>,
    first: { laptop: Laptop; value: string; save: () => Promise<unknown> },
    second: { laptop: Laptop; value: string; save: () => Promise<unknown> },
    delay: number,
  ): Promise<void> {
    if (delay === 0) await Promise.all([first.save(), second.save()]);
    else {
      await first.save();
      await sleep(delay);
      await second.save();
    }
    const values = [first.value, second.value];
    // Both laptops agree once everything is pushed and pulled.
    let current: string | null = null;
    await waitUntil('both laptops agree on one of the two values', async () => {
      const [va, vb] = [await read(a), await read(b)];
      current = va;
      return settled() && va === vb && values.includes(va ?? '');
    }, 15_000);
    const winner = current === first.value ? first : second;
    const loser = winner === first ? second : first;
    // The one overtaken is told, naming who overtook it; the one whose value stands is not.
    await waitUntil(`${who(loser.laptop)} told that ${who(winner.laptop)} overtook the edit`, async () => (await noticesAbout(loser.laptop, words)).length === 1, 10_000);
    const [notice] = await noticesAbout(loser.laptop, words);
    expect(notice!.message).toContain(`${who(winner.laptop)} changed`);
    expect(notice!.canRestore).toBe(true);
    expect(await noticesAbout(winner.laptop, words)).toEqual([]);
    // Both values are in the field's history on both laptops, the winner's current (the earlier
    // change may reach the laptop whose value stands a moment after the later: pulls are their own).
    await waitUntil("both values in the field's history on both laptops", () => [a, b].every((l) => values.every((v) => shared(l).history(kind, docId(), field).some((h) => h.value === v))), 10_000);
    for (const l of [a, b]) {
      const history = shared(l).history(kind, docId(), field);
      expect(history.map((h) => h.value)).toEqual(expect.arrayContaining(values));
      expect(history.find((h) => h.current)?.value).toBe(winner.value);
    }
    // Restored: the overtaken value is the value on both laptops again, and the notice goes.
    await loser.laptop.call('team:restoreNotice', { id: notice!.id });
    await waitUntil(`${who(loser.laptop)}'s value restored on both laptops`, async () => settled() && (await read(a)) === loser.value && (await read(b)) === loser.value, 15_000);
    expect(await noticesAbout(loser.laptop, words)).toEqual([]);
    expect(await noticesAbout(winner.laptop, words)).toEqual([]);
  }

  let round = 0;
  for (const delay of delays) {
    for (const order of orders) {
      it(`an account note both opened on "Base note v1", saved ${delay} ms apart, ${order}: neither is lost untold`, async () => {
        const account = `notes_${++round}_${delay}`;
        const ref = { network: 'instagram', account };
        await a.call('notes:set', { ...ref, note: 'Base note v1', tags: [] });
        await waitUntil('the base note on both laptops, shared', async () => {
          const [na, nb] = [await notesOn(a, account), await notesOn(b, account)];
          return settled() && nb.note === 'Base note v1' && na.team !== undefined && na.team.version === nb.team?.version;
        }, 10_000);
        // Both open the editor: what each shows is what each edit is made on.
        const seen = { a: seenOf(await notesOn(a, account)), b: seenOf(await notesOn(b, account)) };
        const save = (l: Laptop, text: string, from: AccountNotesSeen) => async () => {
          // Long enough apart that the first has reached the other laptop: its open editor says so.
          if (delay >= 2_000 && l === second.laptop) {
            const there = await notesOn(l, account);
            expect(there.note).not.toBe(from.note);
            expect(there.team?.by.note).toBe(l === a ? 'Bob Lund' : 'Anna Berg');
          }
          await l.call('notes:set', { ...ref, ...notesEdits.note(from, text) });
        };
        const annas = { laptop: a, value: `Anna's note (${delay} ms)`, save: () => Promise.resolve() };
        const bobs = { laptop: b, value: `Bob's note (${delay} ms)`, save: () => Promise.resolve() };
        const [first, second] = order === 'Anna first' ? [annas, bobs] : [bobs, annas];
        annas.save = save(a, annas.value, seen.a);
        bobs.save = save(b, bobs.value, seen.b);
        await neitherLost('account_notes', () => accountDocId('account_notes', 'instagram', account), 'note', `the notes on ${account} while`, async (l) => (await notesOn(l, account)).note, first, second, delay);
      }, 60_000);

      it(`a saved query both opened to rename, renamed ${delay} ms apart, ${order}: neither name is lost untold`, async () => {
        const base = `Streamers ${++round}`;
        const saved = await a.call<SavedDiscoveryQuery>('discovery:saveQuery', { name: base, body: { social_network: 'instagram' } });
        const docId = () => shared(a).docIdOf('discovery_query', saved.id);
        const mine = async (l: Laptop) => (await l.call<SavedDiscoveryQuery[]>('discovery:queries')).find((q) => q.team !== undefined && shared(l).docIdOf('discovery_query', q.id) === docId()) ?? null;
        await waitUntil('the query on both laptops, shared', async () => {
          const [qa, qb] = [await mine(a), await mine(b)];
          return settled() && qb?.name === base && qa?.team?.version === qb.team?.version;
        }, 10_000);
        const seen = { a: (await mine(a))!, b: (await mine(b))! };
        const rename = (l: Laptop, name: string, from: SavedDiscoveryQuery) => async () => {
          if (delay >= 2_000 && l === second.laptop) {
            const there = (await mine(l))!;
            expect(there.name).not.toBe(from.name);
            expect(there.team?.by.name).toBe(l === a ? 'Bob Lund' : 'Anna Berg');
          }
          await l.call('discovery:renameQuery', { id: from.id, name, seen: { version: from.team!.version } });
        };
        const annas = { laptop: a, value: `${base} (Anna, ${delay} ms)`, save: () => Promise.resolve() };
        const bobs = { laptop: b, value: `${base} (Bob, ${delay} ms)`, save: () => Promise.resolve() };
        const [first, second] = order === 'Anna first' ? [annas, bobs] : [bobs, annas];
        annas.save = rename(a, annas.value, seen.a);
        bobs.save = rename(b, bobs.value, seen.b);
        await neitherLost('discovery_query', () => docId()!, 'name', `“${base} (`, async (l) => (await mine(l))?.name ?? null, first, second, delay);
      }, 60_000);
    }
  }

  // Comparisons and watchlists: the same two editors, at fewer delays (each case is slower: a
  // comparison waits for its reports to arrive on the other laptop).
  const fewerDelays = [0, 200, 2_000];
  /** Two reports bought on Anna's laptop (and so on Bob's): what every comparison below is made of. */
  let reports: Promise<void> | null = null;
  const boughtReports = () =>
    (reports ??= (async () => {
      for (const account of ['seen_natgeo', 'seen_nasa']) await a.call('reports:fetch', { network: 'instagram', account, confirmedCost: 1, workspace: 'team' });
    })());
  /**
   * A comparison saved on Anna's laptop and arrived on Bob's, both at one version: how each laptop
   * reads it (by its shared id), and its shared id.
   */
  async function sharedComparison(base: string) {
    await boughtReports();
    const latest = await a.call<LatestSnapshot[]>('compare:latest', { accounts: ['seen_natgeo', 'seen_nasa'].map((account) => ({ network: 'instagram', account })) });
    const saved = await a.call<SavedComparison>('compare:save', {
      name: base,
      period: '30d',
      items: latest.map((l) => ({ network: l.network, account: l.accountKey, snapshotId: l.snapshotId, note: `Base note on ${l.accountKey}` })),
    });
    const docId = shared(a).docIdOf('comparison', saved.id)!;
    const on = async (l: Laptop) => (await l.call<SavedComparison[]>('compare:list')).find((c) => c.team !== undefined && shared(l).docIdOf('comparison', c.id) === docId) ?? null;
    await waitUntil('the comparison on both laptops, shared', async () => {
      const [ca, cb] = [await on(a), await on(b)];
      return settled() && cb?.name === base && ca?.team?.version === cb.team?.version;
    }, 20_000);
    return { docId, on };
  }
  /** The comparison's editor saving what it shows with one change, sent with what it showed when opened. */
  const compareSave = (l: Laptop, opened: SavedComparison, change: { name?: string; note?: string }) =>
    l.call<SavedComparison>('compare:save', {
      id: opened.id,
      name: change.name ?? opened.name,
      period: opened.period,
      items: opened.items.map((i) => ({ network: i.network, account: i.accountKey, snapshotId: i.snapshotId, note: i.accountKey === 'seen_nasa' && change.note !== undefined ? change.note : i.note })),
      seen: comparisonSeen(opened),
    });
  /** Long enough apart that the first has reached the other laptop: what its open editor shows says a teammate changed it. */
  const saysChanged = (now: SavedComparison | WatchlistSummary | null, opened: SavedComparison | WatchlistSummary, field: string, fields: (v: SavedComparison | WatchlistSummary) => Record<string, unknown>, l: Laptop) => {
    expect(now).not.toBeNull();
    expect(changedByTeammate(fields(opened), fields(now!), now!.team)).toEqual([field]);
    expect(now!.team?.by[field]).toBe(l === a ? 'Bob Lund' : 'Anna Berg');
  };

  for (const delay of fewerDelays) {
    for (const order of orders) {
      it(`a comparison both opened, renamed ${delay} ms apart, ${order}: neither name is lost untold, and each one's notes stay`, async () => {
        const base = `Space ${++round}`;
        const { docId, on } = await sharedComparison(base);
        const opened = { a: (await on(a))!, b: (await on(b))! };
        const rename = (l: Laptop, name: string, from: SavedComparison) => async () => {
          if (delay >= 2_000 && l === second.laptop) saysChanged(await on(l), from, 'name', (c) => comparisonFields(c as SavedComparison), l);
          await compareSave(l, from, { name });
        };
        const annas = { laptop: a, value: `${base} (Anna, ${delay} ms)`, save: () => Promise.resolve() };
        const bobs = { laptop: b, value: `${base} (Bob, ${delay} ms)`, save: () => Promise.resolve() };
        const [first, second] = order === 'Anna first' ? [annas, bobs] : [bobs, annas];
        annas.save = rename(a, annas.value, opened.a);
        bobs.save = rename(b, bobs.value, opened.b);
        await neitherLost('comparison', () => docId, 'name', `the name of the comparison “${base} (`, async (l) => (await on(l))?.name ?? null, first, second, delay);
        // A rename saved whole (with the notes it showed) never put back a note: they are as they were.
        for (const l of [a, b]) expect((await on(l))!.items.map((i) => i.note)).toEqual(['Base note on seen_natgeo', 'Base note on seen_nasa']);
      }, 90_000);

      it(`a comparison both opened, one account's note saved ${delay} ms apart, ${order}: neither note is lost untold`, async () => {
        const base = `Notes ${++round}`;
        const { docId, on } = await sharedComparison(base);
        const opened = { a: (await on(a))!, b: (await on(b))! };
        const field = 'note:instagram:seen_nasa';
        const write = (l: Laptop, note: string, from: SavedComparison) => async () => {
          if (delay >= 2_000 && l === second.laptop) saysChanged(await on(l), from, field, (c) => comparisonFields(c as SavedComparison), l);
          await compareSave(l, from, { note });
        };
        const annas = { laptop: a, value: `Anna's note (${delay} ms)`, save: () => Promise.resolve() };
        const bobs = { laptop: b, value: `Bob's note (${delay} ms)`, save: () => Promise.resolve() };
        const [first, second] = order === 'Anna first' ? [annas, bobs] : [bobs, annas];
        annas.save = write(a, annas.value, opened.a);
        bobs.save = write(b, bobs.value, opened.b);
        const nasaNote = async (l: Laptop) => (await on(l))?.items.find((i) => i.accountKey === 'seen_nasa')?.note ?? null;
        await neitherLost('comparison', () => docId, field, `the note on seen_nasa of the comparison “${base}”`, nasaNote, first, second, delay);
        for (const l of [a, b]) expect((await on(l))!.name).toBe(base);
      }, 90_000);

      it(`a watchlist both opened in its settings, renamed ${delay} ms apart, ${order}: neither name is lost untold, and the schedule stays`, async () => {
        const base = `Watch ${++round}`;
        const made = await a.call<WatchlistSummary>('watchlists:create', { name: base, schedule: 'weekly' });
        const docId = shared(a).docIdOf('watchlist', made.id)!;
        const on = async (l: Laptop) => (await l.call<WatchlistSummary[]>('watchlists:list')).find((w) => w.team !== undefined && shared(l).docIdOf('watchlist', w.id) === docId) ?? null;
        await waitUntil('the watchlist on both laptops, shared', async () => {
          const [wa, wb] = [await on(a), await on(b)];
          return settled() && wb?.name === base && wa?.team?.version === wb.team?.version;
        }, 10_000);
        const opened = { a: (await on(a))!, b: (await on(b))! };
        const settings = (w: WatchlistSummary) => ({ name: w.name, schedule: w.schedule, renewCap: w.renewCap });
        const rename = (l: Laptop, name: string, from: WatchlistSummary) => async () => {
          if (delay >= 2_000 && l === second.laptop) saysChanged(await on(l), from, 'name', (w) => settings(w as WatchlistSummary), l);
          // The settings form saves all it shows, the name changed.
          await l.call('watchlists:update', { id: from.id, ...settings(from), name, seen: { version: from.team!.version, ...settings(from) } });
        };
        const annas = { laptop: a, value: `${base} (Anna, ${delay} ms)`, save: () => Promise.resolve() };
        const bobs = { laptop: b, value: `${base} (Bob, ${delay} ms)`, save: () => Promise.resolve() };
        const [first, second] = order === 'Anna first' ? [annas, bobs] : [bobs, annas];
        annas.save = rename(a, annas.value, opened.a);
        bobs.save = rename(b, bobs.value, opened.b);
        await neitherLost('watchlist', () => docId, 'name', `the watchlist “${base} (`, async (l) => (await on(l))?.name ?? null, first, second, delay);
        for (const l of [a, b]) expect((await on(l))!.schedule).toBe('weekly');
      }, 60_000);
    }
  }

  it('a comparison whose name a teammate changed while its editor was open: a note saved from that editor keeps their name, untold', async () => {
    const base = `Whole ${++round}`;
    const { on } = await sharedComparison(base);
    const opened = (await on(b))!;
    await compareSave(a, (await on(a))!, { name: `${base} (Anna)` });
    await waitUntil("Anna's name on Bob's laptop", async () => settled() && (await on(b))?.name === `${base} (Anna)`, 10_000);
    // Bob's editor still shows the old name; he writes a note and saves what it shows.
    await compareSave(b, opened, { note: "Bob's note" });
    await waitUntil("Bob's note on both laptops", async () => settled() && (await on(a))?.items[1]?.note === "Bob's note", 10_000);
    for (const l of [a, b]) expect((await on(l))!.name).toBe(`${base} (Anna)`);
    expect(await noticesAbout(a, `“${base}`)).toEqual([]);
    expect(await noticesAbout(b, `“${base}`)).toEqual([]);
  }, 60_000);

  it("the account editor's quick status → tag → note on a fresh account, its answers on screen a little later: the tag stays on both laptops, never removed", async () => {
    /**
     * The account editor (AccountNotes.tsx) on Anna's laptop: each edit is made from what it shows,
     * and what it shows is each answer, reaching the screen `latency` ms after main gave it (IPC
     * and React); the researcher acts every `gap` ms without waiting for the screen.
     */
    const editor = async (account: string, latency: number) => {
      let shown = seenOf(await notesOn(a, account));
      const answers: Promise<void>[] = [];
      return {
        shown: () => shown,
        send(edit: AccountNotesEdit) {
          answers.push(
            a.call<AccountNotesView>('notes:set', { network: 'instagram', account, ...edit }).then(async (answer) => {
              await sleep(latency);
              shown = seenOf(answer);
            }),
          );
        },
        settled: () => Promise.all(answers),
      };
    };
    const rounds = [0, 5, 10, 20, 30, 60, 120].flatMap((gap) => [{ gap, latency: 40 }, { gap, latency: 15 }]);
    for (const [i, { gap, latency }] of rounds.entries()) {
      const account = `quick${i}g${gap}`;
      const e = await editor(account, latency);
      e.send(notesEdits.status(e.shown(), 'contacted'));
      await sleep(gap);
      e.send(notesEdits.addTag(e.shown(), 'Space'));
      await sleep(gap);
      // Typing the note begins (what the editor shows then is what it is written over); it is saved on leaving the box.
      const typingOn = e.shown();
      await sleep(gap);
      e.send(notesEdits.note(typingOn, 'Asked for the media kit.'));
      await e.settled();
      const whole = (n: AccountNotesView) => n.status === 'contacted' && n.tags.includes('Space') && n.note === 'Asked for the media kit.';
      await waitUntil(`round ${i} (gap ${gap} ms): status, tag and note on both laptops`, async () => settled() && whole(await notesOn(a, account)) && whole(await notesOn(b, account)), 15_000);
      // Anna's Scout never sent the tag's removal: nothing in the team database takes it away.
      const { rows } = await t.team.admin.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${TEAM_SCHEMA}.shared_changes WHERE doc_id = $1 AND field = 'tag:space' AND value IS NULL`, [
        accountDocId('account_notes', 'instagram', account),
      ]);
      expect(rows[0]!.n, `round ${i} (gap ${gap} ms, answers ${latency} ms later): removals of the tag sent`).toBe('0');
    }
    // Still there on both once everything has settled.
    await sleep(300);
    for (const [i, { gap }] of rounds.entries()) for (const l of [a, b]) expect((await notesOn(l, `quick${i}g${gap}`)).tags).toEqual(['Space']);
  }, 120_000);
});
