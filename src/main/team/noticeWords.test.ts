// A notice of an edit a teammate overtook names the thing as the researcher sees it, through the
// real adapters on a real workspace file: an account by its cached report's name and handle (or
// its handle when no report is cached), never its key; a renamed query by the name it had when the
// researcher began, then its new one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountNotesRepository } from '../domains/notes/accountNotesRepository';
import { ComparisonsRepository } from '../domains/compare/comparisonsRepository';
import { DiscoveryWorkspaceRepository } from '../domains/discovery/discoveryWorkspaceRepository';
import { ReportsRepository } from '../domains/reports/reportsRepository';
import { AlertsRepository } from '../domains/tracking/alertsRepository';
import { WatchlistsRepository } from '../domains/tracking/watchlistsRepository';
import { NOW, parsedReport, tempDatabase, type TempDatabase } from '../platform/cache/repositories/testkit';
import { accountNamer, accountNotesAdapter, comparisonAdapter, discoveryQueryAdapter, watchlistAdapter } from '../workspace/sharedDocs';
import { noticeMessage } from './noticeWords';
import type { SharedChange } from './sharedFold';

let t: TempDatabase;
beforeEach(() => {
  t = tempDatabase();
  // A cached report of one account: its name and handle are what a researcher knows it by.
  new ReportsRepository(t.db).saveSnapshot(parsedReport('instagram', 'teamfirst_mxd87en6', { summary: { username: 'teamfirst_mxd87en6', title: 'Team First Studio' } }), {
    fetchedAt: NOW,
    accountKey: 'teamfirst_mxd87en6',
  });
});
afterEach(() => t.dispose());

let n = 0;
const change = (who: 'Anna Berg' | 'Bob Lund', seq: number | null, field: string, value: unknown, base: number): SharedChange => ({
  changeId: `c${++n}`,
  seq,
  origin: who,
  docKind: 'account_notes',
  docId: 'd',
  field,
  value,
  baseVersion: base,
  author: who,
  authorName: who,
  changedAt: 0,
});

describe('a notice of an overtaken edit, in words', () => {
  it('an account’s note: the account by its report’s name and handle, never its key; “the note on”, not “the note of the notes on”', () => {
    const notes = accountNotesAdapter(new AccountNotesRepository(t.db), accountNamer(t.db));
    const now = { account: { network: 'instagram', accountKey: 'teamfirst_mxd87en6' }, note: 'Bob’s text' };
    const message = noticeMessage(notes, change('Anna Berg', 3, 'note', 'Anna’s text', 1), change('Bob Lund', 4, 'note', 'Bob’s text', 1), now, 'first', false);
    expect(message).toBe('Bob Lund changed the note on Team First Studio (@teamfirst_mxd87en6, Instagram) while you were editing; yours is kept in its history — restore it?');
    // A tag, and an account no report of which is cached here: its handle and network.
    const uncached = { account: { network: 'tiktok', accountKey: 'dancer' } };
    expect(noticeMessage(notes, change('Anna Berg', 3, 'status', 'contacted', 1), change('Bob Lund', 4, 'status', 'approved', 1), uncached, 'considering', false)).toBe(
      'Bob Lund changed the status on @dancer (TikTok) while you were editing; yours is kept in its history — restore it?',
    );
    // Deleted meanwhile: the account named the same way.
    expect(noticeMessage(notes, change('Anna Berg', 3, '$doc', null, 1), change('Bob Lund', 4, 'note', 'x', 1), now, undefined, true)).toBe(
      'Bob Lund changed the notes on Team First Studio (@teamfirst_mxd87en6, Instagram) after you deleted it, so it is back; your deletion is kept in its history.',
    );
  });

  it('a rename overtaken by a rename: the query by the name it had when the researcher began, then its new name, and theirs', () => {
    const queries = discoveryQueryAdapter(new DiscoveryWorkspaceRepository(t.db));
    const mine = change('Bob Lund', 2, 'name', 'Streamers (Bob)', 1);
    const theirs = change('Anna Berg', 3, 'name', 'Streamers (Anna)', 1);
    expect(noticeMessage(queries, mine, theirs, { name: 'Streamers (Anna)' }, 'Streamers', false)).toBe(
      'Anna Berg renamed the saved query “Streamers” to “Streamers (Anna)” while you were renaming it; yours, “Streamers (Bob)”, is kept in its history — restore it?',
    );
    // Another field of it: named as it is called now.
    expect(noticeMessage(queries, change('Bob Lund', 2, 'body', {}, 1), change('Anna Berg', 3, 'body', { a: 1 }, 1), { name: 'Streamers (Anna)' }, {}, false)).toBe(
      'Anna Berg changed the query of the saved query “Streamers (Anna)” while you were editing; yours is kept in its history — restore it?',
    );
  });

  it('a comparison’s note on an account and a watchlist’s account: named by the account, not its key', () => {
    const compare = comparisonAdapter(t.db, new ComparisonsRepository(t.db));
    expect(noticeMessage(compare, change('Anna Berg', 3, 'note:instagram:teamfirst_mxd87en6', 'a', 1), change('Bob Lund', 4, 'note:instagram:teamfirst_mxd87en6', 'b', 1), { name: 'Q3' }, '', false)).toBe(
      'Bob Lund changed the note on Team First Studio (@teamfirst_mxd87en6, Instagram) of the comparison “Q3” while you were editing; yours is kept in its history — restore it?',
    );
    const watch = watchlistAdapter(t.db, new WatchlistsRepository(t.db), new AlertsRepository(t.db));
    expect(noticeMessage(watch, change('Anna Berg', 3, 'account:instagram:teamfirst_mxd87en6', null, 1), change('Bob Lund', 4, 'account:instagram:teamfirst_mxd87en6', 'instagram:teamfirst_mxd87en6', 1), { name: 'Beauty' }, 'x', false)).toBe(
      'Bob Lund changed the account Team First Studio (@teamfirst_mxd87en6, Instagram) of the watchlist “Beauty” while you were editing; yours is kept in its history — restore it?',
    );
  });
});
