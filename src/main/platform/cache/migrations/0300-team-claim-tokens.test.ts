import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import { SqliteClaimTokens } from '../../../team/claims';
import { tempDatabase } from '../repositories/testkit';
import { migrations } from '.';
import { migration0300 } from './0300-team-claim-tokens';

describe('0300 team claim tokens', () => {
  it('keeps each token once per item, a uuid in length', () => {
    const db = openDatabase(':memory:', { migrations: migrations.filter((m) => m.version <= migration0300.version) });
    const add = db.prepare('INSERT INTO team_claim_tokens (kind, item_key, token, written_at) VALUES (?, ?, ?, 1)');
    add.run('report', '["instagram","natgeo",""]', crypto.randomUUID());
    const token = crypto.randomUUID();
    add.run('report', '["instagram","natgeo",""]', token);
    expect(() => add.run('report', '["instagram","natgeo",""]', token)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run('report', '["instagram","natgeo",""]', 'short')).toThrow(/CHECK/);
    expect(() => add.run('', 'x', crypto.randomUUID())).toThrow(/CHECK/);
    db.close();
  });

  it('keeps a laptop’s tokens across a restart, each item’s until it is forgotten, none past a day', () => {
    const t = tempDatabase();
    const item = { kind: 'report' as const, key: '["instagram","natgeo",""]' };
    const other = { kind: 'report' as const, key: '["instagram","nasa",""]' };
    const now = 1_800_000_000_000;
    const before = new SqliteClaimTokens(t.db, () => now);
    before.add(item, '11111111-1111-4111-8111-111111111111');
    before.add(other, '22222222-2222-4222-8222-222222222222');
    t.db.close();
    const db = openDatabase(t.file);
    const after = new SqliteClaimTokens(db, () => now + 60_000);
    expect(after.has(item, '11111111-1111-4111-8111-111111111111')).toBe(true);
    expect(after.has(other, '11111111-1111-4111-8111-111111111111')).toBe(false);
    after.forget(item);
    expect(after.has(item, '11111111-1111-4111-8111-111111111111')).toBe(false);
    expect(after.has(other, '22222222-2222-4222-8222-222222222222')).toBe(true);
    // Started again a day and more later: no claim can still hold on such a token.
    new SqliteClaimTokens(db, () => now + 25 * 3600_000);
    expect(after.has(other, '22222222-2222-4222-8222-222222222222')).toBe(false);
    db.close();
    t.dispose();
  });
});
