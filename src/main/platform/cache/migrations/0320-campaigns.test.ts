import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0320 } from './0320-campaigns';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0320.up(d);
  return d;
}

const campaign = (d: Database.Database, values: Partial<Record<'name' | 'client' | 'currency' | 'from' | 'to' | 'period' | 'rates', string>> & { startedAt?: number | null; plan?: string | null } = {}) =>
  Number(
    d
      .prepare(
        `INSERT INTO campaigns (name, client, currency, brands, match, window_from, window_to, basis_period, rates, created_at, updated_at, started_at, frozen_plan)
         VALUES (?, ?, ?, '{}', '{}', ?, ?, ?, ?, 1, 1, ?, ?)`,
      )
      .run(
        values.name ?? 'Summer glow',
        values.client ?? 'Glow Co',
        values.currency ?? 'EUR',
        values.from ?? '2026-06-01',
        values.to ?? '2026-06-30',
        values.period ?? '90d',
        values.rates ?? '{}',
        values.startedAt ?? null,
        values.plan ?? null,
      ).lastInsertRowid,
  );

const creator = (d: Database.Database, id: number, position: number, account: string, values: { posts?: number; fee?: number; source?: string; due?: string } = {}) =>
  d
    .prepare('INSERT INTO campaign_creators (campaign_id, position, network, account_key, name, source, posts, due_dates, fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(id, position, 'instagram', account, `@${account}`, values.source ?? 'library', values.posts ?? 2, values.due ?? '[]', values.fee ?? 500);

describe('0320 campaigns', () => {
  it('keeps a campaign with its creators in order, and deleting it takes them', () => {
    const d = db();
    const id = campaign(d);
    creator(d, id, 0, 'natgeo', { due: '["2026-06-10"]' });
    creator(d, id, 1, 'nasa', { source: 'shortlist', fee: 0 });
    expect(d.prepare('SELECT account_key, source, fee FROM campaign_creators ORDER BY position').all()).toEqual([
      { account_key: 'natgeo', source: 'library', fee: 500 },
      { account_key: 'nasa', source: 'shortlist', fee: 0 },
    ]);
    d.prepare('DELETE FROM campaigns WHERE id = ?').run(id);
    expect(d.prepare('SELECT count(*) FROM campaign_creators').pluck().get()).toBe(0);
  });

  it('refuses a window that ends before it starts, a plan without its start (and the reverse), and out-of-range values', () => {
    const d = db();
    expect(() => campaign(d, { from: '2026-06-30', to: '2026-06-01' })).toThrow(/CHECK/);
    expect(() => campaign(d, { from: '30/06/2026' })).toThrow(/CHECK/);
    expect(() => campaign(d, { startedAt: 5 })).toThrow(/CHECK/);
    expect(() => campaign(d, { plan: '{}' })).toThrow(/CHECK/);
    expect(() => campaign(d, { currency: 'eur' })).toThrow(/CHECK/);
    expect(() => campaign(d, { period: '14d' })).toThrow(/CHECK/);
    expect(() => campaign(d, { rates: '[]' })).toThrow(/CHECK/);
    expect(() => campaign(d, { name: '' })).toThrow(/CHECK/);
    expect(campaign(d, { startedAt: 5, plan: '{"creators":[]}' })).toBeGreaterThan(0);
    const id = campaign(d);
    creator(d, id, 0, 'natgeo');
    expect(() => creator(d, id, 1, 'natgeo')).toThrow(/UNIQUE/);
    expect(() => creator(d, id, 1, 'nasa', { posts: 0 })).toThrow(/CHECK/);
    expect(() => creator(d, id, 1, 'nasa', { fee: -1 })).toThrow(/CHECK/);
    expect(() => creator(d, id, 1, 'nasa', { source: 'discovery' })).toThrow(/CHECK/);
    expect(() => creator(d, id, 1, 'nasa', { due: '"2026-06-10"' })).toThrow(/CHECK/);
    expect(() => creator(d, 999, 0, 'nasa')).toThrow(/FOREIGN KEY/);
  });
});
