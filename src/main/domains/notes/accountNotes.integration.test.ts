// An account's note and tags through the contract, on a real workspace file: kept as the
// researcher wrote them (tags cleaned, one per spelling), listed as the tags in use, shown in the
// library's rows and filtering it; refused input changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountNotesView } from '@shared/accountNotes';
import type { CachedReport, CostQuote } from '@shared/reports';
import type { LibraryPageView } from '@shared/contract';
import type { StatusStepsView } from '@shared/workflow';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

let h: ProductionHarness;
beforeEach(async () => {
  h = await productionHarness();
});
afterEach(() => h?.close());

async function fetchReport(network: string, account: string): Promise<void> {
  const quote = await h.call<CostQuote>('reports:quote', { network, account });
  await h.call<CachedReport>('reports:fetch', { network, account, confirmedCost: quote.cost });
}

const keys = (page: LibraryPageView) => page.items.map((i) => `${i.network}:${i.accountKey}`).sort();

describe('notes and tags on an account', () => {
  it('keeps a note and cleaned tags, lists the tags in use, and the library shows and filters by them', async () => {
    await fetchReport('instagram', 'nasa');
    await fetchReport('youtube', 'mkbhd');
    expect(await h.call<AccountNotesView>('notes:get', { network: 'instagram', account: 'nasa' })).toEqual({
      network: 'instagram',
      accountKey: 'nasa',
      note: '',
      tags: [],
      status: null,
      updatedAt: null,
    });

    // Any spelling of the account; tags trimmed, without #, one per spelling that differs only in case.
    const saved = await h.call<AccountNotesView>('notes:set', {
      network: 'instagram',
      account: '@NASA',
      note: '  Strong US audience; ask for the media kit.  ',
      tags: ['#Space ', 'US  market', 'space'],
    });
    expect(saved).toMatchObject({ network: 'instagram', accountKey: 'nasa', note: 'Strong US audience; ask for the media kit.', tags: ['Space', 'US market'] });
    expect(saved.updatedAt).toEqual(expect.any(Number));
    expect(await h.call('notes:get', { network: 'instagram', account: 'https://www.instagram.com/nasa/' })).toEqual(saved);
    await h.call('notes:set', { network: 'youtube', account: 'mkbhd', note: '', tags: ['tech', 'Space'] });
    expect(await h.call('notes:tags')).toEqual(['Space', 'tech', 'US market']);

    // The library: each row with its tags; a tag filter (any case) keeps the accounts carrying it.
    const all = await h.call<LibraryPageView>('reports:library', {});
    expect(Object.fromEntries(all.items.map((i) => [`${i.network}:${i.accountKey}`, i.tags]))).toEqual({
      'instagram:nasa': ['Space', 'US market'],
      'youtube:mkbhd': ['tech', 'Space'],
    });
    expect(keys(await h.call('reports:library', { tag: 'SPACE' }))).toEqual(['instagram:nasa', 'youtube:mkbhd']);
    const us = await h.call<LibraryPageView>('reports:library', { tag: 'us market' });
    expect([keys(us), us.total]).toEqual([['instagram:nasa'], 1]);
    expect(await h.call('reports:library', { tag: 'nobody has this' })).toEqual({ total: 0, items: [] });
    expect(keys(await h.call('reports:library', { tag: 'space', networks: ['youtube'] }))).toEqual(['youtube:mkbhd']);

    // Cleared: the account has neither, and its tags are no longer in use.
    const cleared = await h.call<AccountNotesView>('notes:set', { network: 'instagram', account: 'nasa', note: ' ', tags: [] });
    expect(cleared).toEqual({ network: 'instagram', accountKey: 'nasa', note: '', tags: [], status: null, updatedAt: null });
    expect(await h.call('notes:tags')).toEqual(['Space', 'tech']);
    expect(keys(await h.call('reports:library', { tag: 'US market' }))).toEqual([]);
  });

  it('refuses a note or tags past their limits, and changes nothing', async () => {
    await h.call('notes:set', { network: 'instagram', account: 'nasa', note: 'kept', tags: ['kept'] });
    const refusals = [
      { note: 'x'.repeat(2001), tags: [] },
      { note: '', tags: ['x'.repeat(41)] },
      { note: '', tags: ['   '] },
      { note: '', tags: ['##'] },
      { note: '', tags: Array.from({ length: 31 }, (_, i) => `tag ${i}`) },
    ];
    for (const r of refusals) {
      const answer = await h.result('notes:set', { network: 'instagram', account: 'nasa', ...r });
      expect([r.note.length, r.tags.length, answer.ok ? 'saved' : answer.error.code]).toEqual([r.note.length, r.tags.length, 'INVALID_INPUT']);
    }
    expect(await h.call('notes:get', { network: 'instagram', account: 'nasa' })).toMatchObject({ note: 'kept', tags: ['kept'] });
    const badFilter = await h.result('reports:library', { tag: ' ' });
    expect(badFilter.ok).toBe(false);
  });

  it('moves accounts through the status steps; the library filters and sorts by them; renamed steps keep their accounts, a removed one clears theirs', async () => {
    for (const [network, account] of [['instagram', 'nasa'], ['youtube', 'mkbhd'], ['tiktok', 'khaby.lame']]) await fetchReport(network!, account!);
    const steps = await h.call<StatusStepsView>('workflow:steps');
    expect(steps.steps.map((s) => [s.label, s.accounts])).toEqual([['Considering', 0], ['Shortlisted', 0], ['Contacted', 0], ['Approved', 0]]);

    expect(await h.call('notes:set', { network: 'youtube', account: 'mkbhd', note: '', tags: [], status: 'contacted' })).toMatchObject({ status: 'contacted', note: '' });
    await h.call('notes:set', { network: 'instagram', account: 'nasa', note: 'Media kit asked', tags: ['Space'], status: 'considering' });
    // A note saved without a status leaves the status as it is.
    expect(await h.call('notes:set', { network: 'instagram', account: 'nasa', note: 'Media kit received', tags: ['Space'] })).toMatchObject({ status: 'considering' });
    const unknown = await h.result('notes:set', { network: 'instagram', account: 'nasa', note: '', tags: [], status: 'signed' });
    expect(unknown.ok ? 'saved' : [unknown.error.code, unknown.error.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/not in this workspace’s steps/)]);

    // Every account's notes at once, for the tables that filter by them (Discovery, Lists).
    expect((await h.call<AccountNotesView[]>('notes:all')).map((n) => [n.network, n.accountKey, n.status, n.tags]).sort()).toEqual([
      ['instagram', 'nasa', 'considering', ['Space']],
      ['youtube', 'mkbhd', 'contacted', []],
    ]);
    const library = await h.call<LibraryPageView>('reports:library', { sort: 'status', order: 'asc' });
    expect(library.items.map((i) => [i.accountKey, i.status])).toEqual([['nasa', 'considering'], ['mkbhd', 'contacted'], ['khaby.lame', null]]);
    expect(keys(await h.call('reports:library', { status: 'contacted' }))).toEqual(['youtube:mkbhd']);
    expect(keys(await h.call('reports:library', { status: 'none' }))).toEqual(['tiktok:khaby.lame']);

    // Renamed and reordered: the accounts keep their step; Considering removed: nasa loses its status, keeps its note.
    const renamed = await h.call<StatusStepsView & { cleared: number }>('workflow:setSteps', {
      steps: [
        { id: 'contacted', label: 'Emailed' },
        { id: 'shortlisted', label: 'Shortlisted' },
        { id: 'approved', label: 'Signed' },
      ],
    });
    expect([renamed.cleared, renamed.steps.map((s) => [s.label, s.accounts])]).toEqual([1, [['Emailed', 1], ['Shortlisted', 0], ['Signed', 0]]]);
    expect(await h.call('notes:get', { network: 'instagram', account: 'nasa' })).toMatchObject({ note: 'Media kit received', status: null });
    expect(await h.call('notes:get', { network: 'youtube', account: 'mkbhd' })).toMatchObject({ status: 'contacted' });

    // Refused: no steps, two of one name; nothing changes.
    for (const bad of [[], [{ id: 'a', label: 'Same' }, { id: 'b', label: ' same ' }], [{ id: 'Bad Id', label: 'x' }]]) {
      expect((await h.result('workflow:setSteps', { steps: bad })).ok).toBe(false);
    }
    expect((await h.call<StatusStepsView>('workflow:steps')).steps.map((s) => s.label)).toEqual(['Emailed', 'Shortlisted', 'Signed']);
  });
});
