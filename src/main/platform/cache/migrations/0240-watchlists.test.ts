import { describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import { migrations } from '.';
import { migration0240 } from './0240-watchlists';

describe('0240 watchlists', () => {
  it('keeps one name per watchlist (letter case aside), its accounts once each, and lets its accounts and renewals go with it', () => {
    const db = openDatabase(':memory:', { migrations: migrations.filter((m) => m.version <= migration0240.version) });
    const list = db.prepare("INSERT INTO watchlists (name, schedule, renew_cap, created_at) VALUES (?, ?, ?, 1)");
    const id = Number(list.run('Creators', 'daily', 0).lastInsertRowid);
    expect(() => list.run('CREATORS', 'weekly', 0)).toThrow(/UNIQUE/);
    expect(() => list.run('Hourly', 'hourly', 0)).toThrow(/CHECK/);
    expect(() => list.run('Negative', 'daily', -1)).toThrow(/CHECK/);
    expect(() => list.run('', 'daily', 0)).toThrow(/CHECK/);

    const member = db.prepare('INSERT INTO watchlist_accounts (watchlist_id, network, account_key, api_name, added_at, outcome) VALUES (?, ?, ?, ?, 1, ?)');
    member.run(id, 'instagram', 'natgeo', 'natgeo', null);
    expect(() => member.run(id, 'instagram', 'natgeo', 'natgeo', null)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => member.run(id, 'myspace', 'tom', 'tom', null)).toThrow(/CHECK/);
    expect(() => member.run(id, 'twitch', 'x', 'x', 'maybe')).toThrow(/CHECK/);
    expect(() => member.run(999, 'twitch', 'x', 'x', null)).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO watchlist_renewals (watchlist_id, network, account_key, credits, at, state) VALUES (?, 'instagram', 'natgeo', 1, 1, 'reserved')").run(id);
    expect(() => db.prepare("INSERT INTO watchlist_renewals (watchlist_id, network, account_key, credits, at, state) VALUES (?, 'instagram', 'natgeo', 0, 1, 'spent')").run(id)).toThrow(/CHECK/);

    db.prepare('DELETE FROM watchlists WHERE id = ?').run(id);
    expect(db.prepare('SELECT count(*) FROM watchlist_accounts').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM watchlist_renewals').pluck().get()).toBe(0);
    db.close();
  });
});
