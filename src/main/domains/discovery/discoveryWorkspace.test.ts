// The discovery workspace's storage against a real SQLite file: saved queries and their history,
// sandbox pages kept apart, the shortlist, lists known complete, remembered unlocks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreatorsRepository } from '../creators/creatorsRepository';
import { DiscoveryRepository } from './discoveryRepository';
import { DiscoveryWorkspaceRepository, RUNS_KEPT } from './discoveryWorkspaceRepository';
import { ListsRepository } from '../lists/listsRepository';
import { AccountNotesRepository } from '../notes/accountNotesRepository';
import { ReportsRepository } from '../reports/reportsRepository';
import { DAY_MS, NOW, parsedReport, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

const run = (at: number, outcome: 'finished' | 'cancelled' | 'failed' = 'finished') => ({
  at,
  sandbox: false,
  fromPage: 1,
  toPage: 3,
  pagesFetched: 3,
  pagesFromCache: 0,
  callsSpent: 3,
  outcome,
  message: null,
});

describe('DiscoveryWorkspaceRepository', () => {
  it('saves, replaces, renames and deletes queries; keeps the latest runs, newest first', () => {
    const repo = new DiscoveryWorkspaceRepository(t.db);
    const body = { social_network: 'instagram' as const, er: { from: 1 } };
    const a = repo.saveQuery({ name: 'Beauty', body }, NOW)!;
    expect(a).toMatchObject({ name: 'Beauty', network: 'instagram', body, createdAt: NOW, updatedAt: NOW, runs: [] });
    const b = repo.saveQuery({ name: 'Gaming', body: { social_network: 'twitch' } }, NOW + 1)!;
    expect(repo.queries().map((q) => q.id)).toEqual([b.id, a.id]);
    expect(repo.saveQuery({ id: a.id, name: 'Beauty DE', body: { social_network: 'youtube' } }, NOW + 2)).toMatchObject({ name: 'Beauty DE', network: 'youtube', createdAt: NOW });
    expect(repo.saveQuery({ id: 999, name: 'x', body }, NOW)).toBeNull();
    expect(repo.renameQuery(b.id, 'Streamers', NOW + 3)!.name).toBe('Streamers');
    expect(repo.renameQuery(999, 'x', NOW)).toBeNull();
    for (let i = 0; i < RUNS_KEPT + 5; i++) repo.addRun(a.id, run(NOW + i, i === 0 ? 'failed' : 'finished'));
    const runs = repo.query(a.id)!.runs;
    expect(runs).toHaveLength(RUNS_KEPT);
    expect(runs[0]!.at).toBe(NOW + RUNS_KEPT + 4);
    expect(runs.some((r) => r.outcome === 'failed')).toBe(false);
    expect(repo.addRun(999, run(NOW))).toBe(false);
    expect(repo.deleteQuery(a.id)).toBe(true);
    expect(repo.deleteQuery(a.id)).toBe(false);
    expect(t.db.prepare('SELECT count(*) FROM discovery_runs').pluck().get()).toBe(0);
  });

  it('keeps one shortlist row per account, refreshing it, and removes by id', () => {
    const repo = new DiscoveryWorkspaceRepository(t.db);
    repo.addToShortlist([{ network: 'instagram', account: 'NASA', accountKey: 'NASA', title: 'NASA', followers: 10 }], NOW);
    const list = repo.addToShortlist([{ network: 'instagram', account: 'nasa', accountKey: 'nasa', followers: 20 }, { network: 'youtube', account: 'UCabc', accountKey: 'ucabc' }], NOW + 1);
    expect(list).toHaveLength(2);
    expect(list.find((i) => i.network === 'instagram')).toMatchObject({ account: 'nasa', title: 'NASA', followers: 20, addedAt: NOW });
    expect(repo.removeFromShortlist([list[0]!.id, 12345])).toBe(1);
    expect(repo.shortlist()).toHaveLength(1);
  });

  it('gives each shortlisted account the engagement rate and country the search showed (the cached report’s over them), its status and tags', () => {
    const repo = new DiscoveryWorkspaceRepository(t.db);
    const notes = new AccountNotesRepository(t.db);
    const reports = new ReportsRepository(t.db);
    repo.addToShortlist(
      [
        { network: 'instagram', account: 'searched', accountKey: 'searched', er: 3.5, country: 'de' },
        { network: 'instagram', account: 'reported', accountKey: 'reported', er: 9, country: 'FR' },
        { network: 'youtube', account: 'UCbare', accountKey: 'ucbare', er: -1, country: 'Germany' },
      ],
      NOW,
    );
    reports.saveSnapshot(parsedReport('instagram', 'reported', { summary: { engagementRate: 2.25, country: 'US' } }), { fetchedAt: NOW, unlockedAt: NOW, accountKey: 'reported' });
    notes.set('instagram', 'searched', { note: 'Pitch in May', tags: ['Beauty'], status: 'shortlisted' }, NOW);
    repo.setShortlistNote(repo.shortlist().find((i) => i.account === 'reported')!.id, 'An entry note from a teammate');
    const byAccount = Object.fromEntries(repo.shortlist().map((i) => [i.account, [i.er, i.country, i.status, i.tags, i.note]]));
    expect(byAccount).toEqual({
      searched: [3.5, 'DE', 'shortlisted', ['Beauty'], 'Pitch in May'],
      reported: [2.25, 'US', null, [], 'An entry note from a teammate'],
      // What cannot be a rate or a country code is kept as nothing, not as a figure.
      UCbare: [null, null, null, [], ''],
    });
  });

  it('remembers when auditor.creators was asked about an account', () => {
    const repo = new DiscoveryWorkspaceRepository(t.db);
    expect(repo.unlockAskedAt('tiktok', 'abc')).toBeNull();
    repo.rememberUnlockAnswer('tiktok', 'ABC', NOW, null);
    expect(repo.unlockAskedAt('tiktok', 'abc')).toBe(NOW);
    repo.rememberUnlockAnswer('tiktok', 'abc', NOW + 5, NOW - DAY_MS);
    expect(repo.unlockAskedAt('tiktok', 'abc')).toBe(NOW + 5);
  });
});

describe('sandbox pages, complete lists, remembered unlocks', () => {
  const answer = { search_results: [{ basic: { username: 'x' } }], current_page: 1, total_pages: 3, queries_left: 9 };
  it('never answers a production page with a sandbox one', () => {
    const repo = new DiscoveryRepository(t.db);
    const query = { social_network: 'instagram', er: { from: 1 } };
    repo.savePage({ ...query, page: 1 }, answer, NOW, { sandbox: true });
    expect(repo.page(query, 1)).toBeNull();
    expect(repo.page(query, 1, { sandbox: true })!.totalPages).toBe(3);
    expect(DiscoveryRepository.queryHash(query, true)).not.toBe(DiscoveryRepository.queryHash(query));
    expect(t.db.prepare('SELECT sandbox FROM discovery_queries').pluck().get()).toBe(1);
    repo.savePage({ ...query, page: 1 }, { ...answer, queries_left: 8 }, NOW);
    expect(repo.page(query, 1)!.queriesLeft).toBe(8);
    expect(repo.page(query, 1, { sandbox: true })!.queriesLeft).toBe(9);
  });

  it('says whether a list was fetched whole', () => {
    const lists = new ListsRepository(t.db);
    lists.savePage(3, [{ report_id: 1, username: 'a', type: 'IG' }], { fetchedAt: NOW });
    expect(lists.lists()[0]).toMatchObject({ listId: 3, itemCount: 1, complete: false });
    lists.markComplete(3, true);
    expect(lists.lists()[0]!.complete).toBe(true);
  });

  it('finds an unlock by username or by platform id, only when unlocked', () => {
    const creators = new CreatorsRepository(t.db);
    const unlocked = '2026-03-03T10:00:00+00:00';
    creators.save(
      [
        { id: 1, accounts: [{ id: 'UCxYz', social_network: 'youtube', username: 'handle', is_report_unlocked: true, report_unlock_date: unlocked }] },
        { id: 2, accounts: [{ id: '55', social_network: 'instagram', username: 'locked', is_report_unlocked: false, report_unlock_date: null }] },
      ],
      NOW,
    );
    expect(creators.unlockedAt('youtube', 'handle')).toBe(Date.parse(unlocked));
    expect(creators.unlockedAt('youtube', 'ucxyz')).toBe(Date.parse(unlocked));
    expect(creators.unlockedAt('instagram', 'handle')).toBeNull();
    expect(creators.unlockedAt('instagram', 'locked')).toBeNull();
  });
});
