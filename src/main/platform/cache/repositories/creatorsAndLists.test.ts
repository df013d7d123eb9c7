import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreatorsRepository } from '../../../domains/creators/creatorsRepository';
import { ListsRepository } from '../../../domains/lists/listsRepository';
import { NOW, tempDatabase, type TempDatabase } from './testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

const creator = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  avatar_url: 'http://cdn.test/a.png',
  is_favorite: id % 2 === 0,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  bio: 'Bio',
  gender: null,
  language: 'en',
  emails: ['a@b.c'],
  phones: [],
  country: { title: 'Germany', code: 'de' },
  city: null,
  messages: { count: 1, new_count: 0 },
  accounts: [
    { id: `ig${id}`, title: 'T', social_network: 'instagram', subscribers_count: 1000, username: `Creator${id}`, avatar_url: '', is_report_unlocked: true, report_unlock_date: '2026-07-01T10:00:00+02:00' },
    { id: `UC${id}`, title: 'T', social_network: 'youtube', subscribers_count: 5, username: null, avatar_url: '', is_report_unlocked: false, report_unlock_date: null },
  ],
  network_status: { id: 1, name: 'New' },
  contract_status: { id: 1, name: 'None' },
  payment_status: { id: 1, name: 'None' },
  ...extra,
});

describe('CreatorsRepository', () => {
  it('round-trips creators, replaces them on a later fetch and finds them by account', () => {
    const repo = new CreatorsRepository(t.db);
    expect(repo.save([creator(1), creator(2)], NOW)).toBe(2);
    expect(repo.get(1)).toEqual({ id: '1', firstName: 'First1', lastName: 'Last1', country: 'DE', isFavorite: false, fetchedAt: NOW, raw: creator(1) });
    expect(repo.byAccount('instagram', 'creator2').map((c) => c.id)).toEqual(['2']);
    expect(repo.byAccount('youtube', 'uc1').map((c) => c.id)).toEqual(['1']);
    const updated = creator(2, { last_name: 'Aaron', accounts: [] });
    repo.save([updated], NOW + 1);
    expect(repo.get('2')!.raw).toEqual(updated);
    expect(repo.byAccount('instagram', 'creator2')).toEqual([]);
    expect(repo.all().map((c) => c.id)).toEqual(['2', '1']);
    const unlocked = t.db.prepare("SELECT report_unlocked_at FROM creator_accounts WHERE account_key = 'creator1'").pluck().get();
    expect(unlocked).toBe(Date.parse('2026-07-01T08:00:00Z'));
  });

  it('saves a page in one transaction: a creator without id fails the page and writes nothing', () => {
    const repo = new CreatorsRepository(t.db);
    expect(() => repo.save([creator(1), { first_name: 'nobody' }], NOW)).toThrow(/without an id/);
    expect(repo.all()).toEqual([]);
  });
});

describe('ListsRepository', () => {
  const item = (reportId: number, type: string, username: string, extra: Record<string, unknown> = {}) => ({
    report_id: reportId,
    name: username.toUpperCase(),
    username,
    type,
    followers: reportId * 100,
    comment: null,
    lists: '5,6',
    created: 1_780_000_000,
    er: 1.5,
    ...extra,
  });

  it('keeps pages of a list in order, updates items already kept and finds lists by account', () => {
    const repo = new ListsRepository(t.db);
    repo.savePage(5, [item(1, 'IG', 'Alpha'), item(2, 'YT', 'UCbeta')], { fetchedAt: NOW });
    repo.savePage(5, [item(3, 'TR', 'gamma'), item(4, 'XX', 'delta')], { fetchedAt: NOW, offset: 2 });
    repo.savePage(6, [item(1, 'IG', 'Alpha', { comment: 'Great' })], { fetchedAt: NOW });
    const items = repo.items(5);
    expect(items.map((i) => [i.reportId, i.position, i.network, i.accountKey])).toEqual([
      [1, 0, 'instagram', 'alpha'],
      [2, 1, 'youtube', 'ucbeta'],
      [3, 2, 'twitch', 'gamma'],
      [4, 3, null, 'delta'],
    ]);
    expect(items[0]).toMatchObject({ name: 'ALPHA', followers: 100, comment: null, created: 1_780_000_000_000, fetchedAt: NOW, raw: item(1, 'IG', 'Alpha') });
    expect(repo.items(6)[0]!.comment).toBe('Great');
    expect(repo.listsContaining('instagram', 'ALPHA')).toEqual([5, 6]);
    expect(repo.lists()).toEqual([
      { listId: 5, name: null, itemCount: 4, fetchedAt: NOW, complete: false },
      { listId: 6, name: null, itemCount: 1, fetchedAt: NOW, complete: false },
    ]);
    // A name is the list's own: a page saved again (a sync) keeps it; a list not kept is not named.
    expect(repo.rename(5, 'Summer shortlist')).toBe(true);
    expect(repo.rename(404, 'Nowhere')).toBe(false);
    repo.savePage(5, [item(1, 'IG', 'Alpha')], { fetchedAt: NOW + 1 });
    expect(repo.names()).toEqual(new Map([[5, 'Summer shortlist']]));
    expect(repo.lists()[0]).toMatchObject({ listId: 5, name: 'Summer shortlist', fetchedAt: NOW + 1 });
    repo.replace(5, [item(9, 'TT', 'zeta')], NOW + 1);
    expect(repo.items(5).map((i) => [i.reportId, i.network])).toEqual([[9, 'tiktok']]);
    expect(repo.items(404)).toEqual([]);
  });

  it("knows when each page was fetched: an older page (a teammate's, pulled late) neither dates the page nor the list back", () => {
    const repo = new ListsRepository(t.db);
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => item(from + i, 'IG', `acct${from + i}`));
    repo.savePage(5, page(1, 100), { fetchedAt: NOW + 10, offset: 0 });
    repo.savePage(5, page(1, 100), { fetchedAt: NOW, offset: 0 });
    expect(repo.pageFetchedAt(5, 0)).toBe(NOW + 10);
    expect(repo.pageFetchedAt(5, 100)).toBeNull();
    expect(repo.lists()[0]).toMatchObject({ fetchedAt: NOW + 10 });
    // Full pages from the first on, then a short one, holding every item kept: whole.
    expect(repo.pagesWhole(5)).toBe(false);
    repo.savePage(5, page(101, 3), { fetchedAt: NOW + 20, offset: 100 });
    expect(repo.pagesWhole(5)).toBe(true);
    // The last page fetched again, one item shorter: the item it no longer holds is still kept,
    // so the pages do not account for every item: not known whole.
    repo.savePage(5, page(101, 2), { fetchedAt: NOW + 30, offset: 100 });
    expect(repo.items(5)).toHaveLength(103);
    expect(repo.pagesWhole(5)).toBe(false);
    // A gap (no page at 100) is not whole either.
    repo.savePage(6, page(1, 100), { fetchedAt: NOW, offset: 0 });
    repo.savePage(6, page(301, 2), { fetchedAt: NOW, offset: 200 });
    expect(repo.pagesWhole(6)).toBe(false);
    // Replaced whole, the list is as old as the sync says, whatever its pages.
    repo.replace(5, page(1, 3), NOW + 5);
    expect(repo.lists()[0]).toMatchObject({ fetchedAt: NOW + 5, itemCount: 3 });
  });
});
