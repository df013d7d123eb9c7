// Conformance, section 7 of api-reference.md: every error row, and the string errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../../test/simClient';

let t: SimTest;
beforeAll(async () => {
  t = await simTest({ credits: 1, miniReports: 0, advancedReports: 0, discovery: 0 });
});
afterAll(() => t.close());

/** A string error may arrive as `code` or as `description` (api-notes.md): accept either. */
function stringErrorOf(body: { error?: { code?: unknown; description?: unknown } }): unknown {
  const e = body.error ?? {};
  return typeof e.code === 'string' ? e.code : e.description;
}

describe('section 7: error codes', () => {
  it('1 Unknown error occurred — HTTP 500', async () => {
    const r = await t.method('planInfo', { headers: { 'x-sim-fault': '500' } });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: { code: 1, description: 'Unknown error occurred' } });
  });

  it('4 Invalid token — HTTP 403', async () => {
    const r = await t.method('planInfo', { auth: ['demo', 'wrong'] });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { code: 4, description: 'Invalid token' } });
  });

  it('8 Invalid request — HTTP 400 when search parameters are missing or incorrect', async () => {
    const r = await t.method('search', { json: { page: 1 } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(8);
  });

  it('8 Report not found — competitor-analysis lookup', async () => {
    const r = await t.call('/api/marketanalysis/instagramCompetitorAnalysis/does-not-exist');
    expect(r.body).toEqual({ error: { code: 8, description: 'Report not found' } });
  });

  it('15 Access denied — media of a report not unlocked', async () => {
    const r = await t.method('reportMedia', { params: { username: 'never_checked_account' } });
    expect(r.body).toEqual({ error: { code: 15, description: 'Access denied' } });
  });

  it('16 Object not found — creators lookup', async () => {
    const r = await t.method('creators', { params: { creator_ids: '1,2,3' } });
    expect(r.body).toEqual({ error: { code: 16, description: 'Object not found' } });
  });

  it('26 not enough credits', async () => {
    await t.method('twitch', { params: { channel: 'spends_the_last_credit' } });
    const r = await t.method('twitch', { params: { channel: 'one_too_many' } });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ error: { code: 26, description: 'You do not have enough credits' } });
  });

  it('27 No API access — HTTP 402', async () => {
    const r = await t.method('planInfo', { auth: ['noapi', 'noapi-token'] });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ error: { code: 27, description: 'No API access' } });
  });

  it('34 Account is suspended', async () => {
    const r = await t.method('planInfo', { auth: ['suspended', 'suspended-token'] });
    expect(r.body).toEqual({ error: { code: 34, description: 'Account is suspended' } });
  });

  it('103 Invalid user ID', async () => {
    const r = await t.method('tiktokByUserId', { params: { user_id: 'not-a-number' } });
    expect(r.body).toEqual({ error: { code: 103, description: 'Invalid user ID' } });
  });
});

describe('section 7: string errors of report requests', () => {
  it.each(['twitch', 'tiktok', 'snapchat'])('CHANNEL_NOT_FOUND on %s, with no credit spent', async (network) => {
    const before = t.sim.state.totalSpent();
    const r = await t.method(network, { params: { channel: 'notfound_someone' } });
    expect(r.status).toBe(404);
    expect(stringErrorOf(r.body)).toBe('CHANNEL_NOT_FOUND');
    expect(t.sim.state.totalSpent()).toBe(before);
  });

  it('delivers string errors in both forms across names', async () => {
    const forms = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const r = await t.method('twitch', { params: { channel: `notfound_${i}` } });
      forms.add(typeof r.body.error.code === 'string' ? 'code' : 'description');
    }
    expect(forms).toEqual(new Set(['code', 'description']));
  });
});
