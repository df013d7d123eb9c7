// The watchlist as shared work, on a real workspace file: what a laptop offers the team, what it
// accepts from it (a teammate's row is hostile input: each field checked as Add accounts and the
// settings form check theirs), and a teammate's watchlist written into the local rows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountRef } from '@shared/accountInput';
import { defaultAlertRules } from '@shared/alerts';
import { AlertsRepository } from '../domains/tracking/alertsRepository';
import { WatchlistsRepository } from '../domains/tracking/watchlistsRepository';
import { tempDatabase, type TempDatabase } from '../platform/cache/repositories/testkit';
import { watchlistAdapter } from '../workspace/sharedDocs';
import type { DocAdapter } from './sharedWork';

let t: TempDatabase;
let repo: WatchlistsRepository;
let alerts: AlertsRepository;
let adapter: DocAdapter;
beforeEach(() => {
  t = tempDatabase();
  repo = new WatchlistsRepository(t.db);
  alerts = new AlertsRepository(t.db);
  adapter = watchlistAdapter(t.db, repo, alerts, () => 1_000);
});
afterEach(() => t.dispose());

describe('a watchlist as shared work', () => {
  it('offers its settings, rules and one field per account, the account as the text that reads back to it', () => {
    const id = repo.create({ name: 'Beauty', schedule: 'weekly', renewCap: 3 }, 1);
    repo.addAccounts(id, [accountRef('instagram', '@Glow.Up'), accountRef('youtube', 'UCsharedChannel000000001'), accountRef('tiktok', '6801234567890123456')], 1);
    expect(adapter.local(id)).toEqual({
      name: 'Beauty',
      schedule: 'weekly',
      renewCap: 3,
      paused: false,
      rules: defaultAlertRules,
      'account:instagram:glow.up': 'glow.up',
      'account:youtube:ucsharedchannel000000001': 'UCsharedChannel000000001',
      'account:tiktok:6801234567890123456': '6801234567890123456',
    });
    // Every field it offers, it accepts back.
    for (const [field, value] of Object.entries(adapter.local(id)!)) expect(adapter.problem(field, value)).toBeNull();
  });

  it('refuses what a teammate’s row cannot mean: an account filed under another, format characters in a name, a limit out of range, unknown fields', () => {
    expect(adapter.problem('account:instagram:natgeo', 'nasa')).toMatch(/watched account/);
    expect(adapter.problem('account:instagram:natgeo', 'youtube:natgeo')).toMatch(/watched account/);
    expect(adapter.problem('account:instagram:natgeo', { name: 'natgeo' })).toMatch(/watched account/);
    expect(adapter.problem('account:myspace:natgeo', 'natgeo')).toMatch(/does not know|watched account/);
    expect(adapter.problem('name', 'Beauty\u202Eexe')).toMatch(/name/);
    expect(adapter.problem('name', ' Beauty ')).toMatch(/name/);
    expect(adapter.problem('name', 'x'.repeat(81))).toMatch(/name/);
    expect(adapter.problem('renewCap', -1)).toMatch(/renewal limit/);
    expect(adapter.problem('renewCap', 1.5)).toMatch(/renewal limit/);
    expect(adapter.problem('renewCap', 10_001)).toMatch(/renewal limit/);
    expect(adapter.problem('schedule', 'hourly')).toMatch(/schedule/);
    expect(adapter.problem('paused', 'yes')).toMatch(/paused/);
    expect(adapter.problem('rules', { followerDrop: { pct: 500, days: 7 } })).toMatch(/alert rules/);
    expect(adapter.problem('lastRunAt', 5)).toMatch(/does not know/);
  });

  it('writes a teammate’s watchlist into the local rows; a name already taken here gets a number here only; its own accounts keep their outcomes', () => {
    const mine = repo.create({ name: 'Beauty', schedule: 'daily', renewCap: 0 }, 1);
    const fields = {
      name: 'Beauty',
      schedule: 'weekly',
      renewCap: 2,
      paused: true,
      rules: { ...defaultAlertRules, followerDrop: { pct: 9, days: 10 } },
      'account:instagram:glow.up': 'glow.up',
      'account:twitch:bobs_pick': 'bobs_pick',
    };
    const written = adapter.write(null, fields);
    expect('localId' in written).toBe(true);
    const id = (written as { localId: number }).localId;
    expect(id).not.toBe(mine);
    expect(repo.get(id)).toMatchObject({ name: 'Beauty (2)', schedule: 'weekly', renewCap: 2, paused: true, accounts: 2 });
    expect(JSON.parse(alerts.rulesText(id)!)).toMatchObject({ followerDrop: { pct: 9, days: 10 } });

    repo.setOutcome(id, accountRef('instagram', 'glow.up'), 'refreshed', null, 5);
    // The teammate removes one account and adds another: the kept one keeps how its refresh went.
    const next = { ...fields, 'account:twitch:bobs_pick': undefined, 'account:twitter:new_one': 'new_one' };
    delete next['account:twitch:bobs_pick'];
    adapter.write(id, next);
    expect(repo.accounts(id).map((a) => [a.ref.network, a.ref.key, a.outcome])).toEqual([
      ['instagram', 'glow.up', 'refreshed'],
      ['twitter', 'new_one', null],
    ]);
    // Its name here stays as it was made unique (not offered to the team as a rename).
    expect(adapter.local(id)!.name).toBe('Beauty (2)');
  });

  it('shares an account a run found gone, with the API’s words, until a refresh gets it again', () => {
    const id = repo.create({ name: 'Gone', schedule: 'manual', renewCap: 0 }, 1);
    const stream = accountRef('twitch', 'private_stream');
    repo.addAccounts(id, [stream], 1);
    expect(repo.setGone(id, stream, 'This account is private.')).toBe(true);
    expect(repo.setGone(id, stream, 'This account is private.')).toBe(false);
    expect(adapter.local(id)).toMatchObject({ 'gone:twitch:private_stream': 'This account is private.' });
    expect(adapter.problem('gone:twitch:private_stream', 'This account is private.')).toBeNull();
    expect(adapter.problem('gone:twitch:private_stream', '')).toMatch(/gone/);
    expect(adapter.problem('gone:twitch:private_stream', 'x'.repeat(2001))).toMatch(/gone/);
    expect(adapter.problem('gone:twitch:private_stream', 404)).toMatch(/gone/);
    // A teammate's version without it: back here too.
    const fields = { ...adapter.local(id)! };
    delete fields['gone:twitch:private_stream'];
    adapter.write(id, fields);
    expect(repo.accounts(id)[0]!.gone).toBeNull();
    adapter.write(id, { ...fields, 'gone:twitch:private_stream': 'Renamed.' });
    expect(repo.accounts(id)[0]!.gone).toBe('Renamed.');
  });

  it('waits for a teammate’s watchlist that has not all arrived (no name or schedule yet)', () => {
    expect(adapter.write(null, { 'account:instagram:glow.up': 'glow.up' })).toEqual({ waiting: 'Not all of it has arrived from the team yet.' });
    expect(repo.list()).toEqual([]);
  });
});
