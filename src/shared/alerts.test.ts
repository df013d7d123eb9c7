import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAlertRules, evaluateAlerts, newBrandMentions, readAlertRules, type AlertRules, type SnapshotFigures } from './alerts';

const DAY = 86_400_000;
const snap = (day: number, followers: number | null, engagementRate: number | null = 2, audienceQuality: number | null = 70, id = day + 1): SnapshotFigures => ({
  id,
  at: day * DAY,
  followers,
  engagementRate,
  audienceQuality,
});
const kinds = (snapshots: SnapshotFigures[], rules: AlertRules = defaultAlertRules) => evaluateAlerts(snapshots, rules).map((a) => a.kind);

describe('alert rules', () => {
  it('raises a follower drop against the highest count within the window, with the two snapshots as evidence', () => {
    const series = [snap(0, 10_000), snap(3, 10_400), snap(6, 10_300), snap(8, 9_700)];
    const [drop] = evaluateAlerts(series, defaultAlertRules);
    // 10,400 on day 3 (within 7 days of day 8) to 9,700: −6.7 %.
    expect(drop).toMatchObject({ kind: 'follower-drop', beforeValue: 10_400, afterValue: 9_700, threshold: 5, days: 7 });
    expect(drop!.before!.id).toBe(4);
    expect(drop!.after.id).toBe(9);
    // Raised when it crosses the line: the next snapshot, still down against the same high, is not a new drop.
    expect(kinds([...series, snap(9, 9_690)])).toEqual([]);
    // …a further fall is measured against the highest still in the window (from day 3, −7.7 %), also no new crossing.
    expect(kinds([...series, snap(9, 9_600)])).toEqual([]);
    // The highest is older than the window: no alert.
    expect(kinds([snap(0, 10_400), snap(8, 9_700)])).toEqual([]);
    // Just under the line: none; on it: one.
    expect(kinds([snap(0, 10_000), snap(1, 9_501)])).toEqual([]);
    expect(kinds([snap(0, 10_000), snap(1, 9_500)])).toEqual(['follower-drop']);
  });

  it('raises a spike of followers (possibly bought), a fall below the engagement line once, and a fall of audience quality', () => {
    expect(kinds([snap(0, 10_000), snap(2, 11_200)])).toEqual(['follower-spike']);
    expect(kinds([snap(0, 10_000, 1.5), snap(1, 10_000, 0.8)])).toEqual(['low-engagement']);
    // Already below at the snapshot before: not again.
    expect(kinds([snap(0, 10_000, 0.9), snap(1, 10_000, 0.8)])).toEqual([]);
    expect(kinds([snap(0, 10_000, 2, 70), snap(1, 10_000, 2, 64)])).toEqual(['quality-drop']);
    expect(kinds([snap(0, 10_000, 2, 70), snap(1, 10_000, 2, 66)])).toEqual([]);
    // Rules switched off raise nothing.
    const off: AlertRules = { followerDrop: null, followerSpike: null, lowEngagement: null, qualityDrop: null, unavailable: false, newMention: false };
    expect(kinds([snap(0, 10_000, 2, 70), snap(1, 1_000, 0.1, 10)], off)).toEqual([]);
  });

  it('never reads a missing figure as 0: no followers, a rate of 0 (no posts) or no score take part in no rule', () => {
    expect(kinds([snap(0, 10_000), snap(1, null)])).toEqual([]);
    expect(kinds([snap(0, null), snap(1, 10_000)])).toEqual([]);
    expect(kinds([snap(0, 0), snap(1, 10_000)])).toEqual([]);
    expect(kinds([snap(0, 10_000, 2), snap(1, 10_000, 0)])).toEqual([]);
    expect(kinds([snap(0, 10_000, 2), snap(1, 10_000, null)])).toEqual([]);
    expect(kinds([snap(0, 10_000, 2, null), snap(1, 10_000, 2, 40)])).toEqual([]);
    expect(kinds([snap(0, 10_000, 2, 70), snap(1, 10_000, 2, null)])).toEqual([]);
    expect(kinds([])).toEqual([]);
    expect(kinds([snap(0, 10_000, 0.5)])).toEqual(['low-engagement']);
  });

  it('reads any series without throwing, and only ever compares the newest snapshot with earlier ones', () => {
    const figure = fc.option(fc.double({ min: -10, max: 1e7, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.record({ day: fc.integer({ min: 0, max: 60 }), followers: figure, er: figure, aqs: figure }), { maxLength: 30 }), (rows) => {
        const series = rows.sort((a, b) => a.day - b.day).map((r, i) => snap(r.day, r.followers, r.er, r.aqs, i + 1));
        for (const alert of evaluateAlerts(series, defaultAlertRules)) {
          expect(alert.after).toBe(series.at(-1));
          if (alert.before) expect(alert.before.at).toBeLessThanOrEqual(alert.after.at);
          expect(Number.isFinite(alert.afterValue)).toBe(true);
        }
      }),
    );
  });

  it('reads stored rules tolerantly: missing ones take their defaults, unreadable ones are refused', () => {
    expect(readAlertRules({})).toEqual(defaultAlertRules);
    expect(readAlertRules({ followerDrop: null })).toEqual({ ...defaultAlertRules, followerDrop: null });
    expect(readAlertRules({ followerDrop: { pct: 12, days: 3 } })!.followerDrop).toEqual({ pct: 12, days: 3 });
    expect(readAlertRules({ followerDrop: { pct: -1, days: 3 } })).toBeNull();
    expect(readAlertRules({ followerDrop: { pct: 5, days: 3.5 } })).toBeNull();
    expect(readAlertRules({ surprise: true })).toBeNull();
    expect(readAlertRules('[]')).toBeNull();
    expect(readAlertRules(null)).toBeNull();
    expect(readAlertRules([])).toBeNull();
  });

  it('rules saved before the new-brand-mention rule existed read with it off (it asks the API again: chosen, never assumed)', () => {
    const older = { followerDrop: { pct: 12, days: 3 }, followerSpike: null, lowEngagement: null, qualityDrop: null, unavailable: false };
    expect(readAlertRules(older)).toEqual({ ...older, newMention: false });
    expect(readAlertRules({ ...older, newMention: true })!.newMention).toBe(true);
    expect(readAlertRules({ ...older, newMention: 'yes' })).toBeNull();
  });
});

describe('new brand mentions', () => {
  const b = (key: string, name = key) => ({ key, name });
  it('are the brands the newer mentions have and the older did not, by key or by name', () => {
    expect(newBrandMentions([b('nike', 'Nike')], [b('nike', 'Nike'), b('adidas', 'Adidas')])).toEqual([b('adidas', 'Adidas')]);
    // The same brand under another key (a renamed channel) is not new; a brand listed twice is said once.
    expect(newBrandMentions([b('nike', 'Nike')], [b('nike-2', ' nike '), b('spotify', 'Spotify'), b('spotify', 'Spotify')])).toEqual([b('spotify', 'Spotify')]);
    // A brand no longer mentioned is no alert; nothing before, everything is new (the caller keeps a first fetch as the baseline).
    expect(newBrandMentions([b('nike'), b('adidas')], [b('nike')])).toEqual([]);
    expect(newBrandMentions([], [b('nike')])).toEqual([b('nike')]);
  });
});
