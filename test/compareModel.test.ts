// The comparison's model over every network's shape: the simulator's answers (reference forms,
// the real forms of api-notes.md, odd shapes) parsed by the client's own schema, then compared.
// Figures are checked against the raw answers and against the report page's own model.
import { describe, expect, it } from 'vitest';
import type { SnapshotDetail } from '../src/shared/contract';
import type { CachedReport, Network } from '../src/shared/reports';
import { clone, readyAnswer } from '../src/main/platform/api/schemas/testkit';
import { snapchatVariant } from '../src/simulator/data/reports';
import { buildReportModel, metricForPeriod } from '../src/shared/reportModel/reportModel';
import { buildCompareModel, formatCompareValue, type CompareModel, type CompareRow } from '../src/shared/compareModel';
import { NOW, realFormsName, sampleSnapshot, snapshotOf } from './fixtures/compareSamples';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const row = (m: CompareModel, key: string): CompareRow => {
  const found = m.rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}: ${m.rows.map((r) => r.key).join(', ')}`);
  return found;
};

function snapName(variant: 'opendata' | 'verified'): string {
  for (let i = 0; i < 200; i++) if (snapchatVariant(`snap${i}`) === variant) return `snap${i}`;
  throw new Error(`no ${variant} name`);
}

function reportOf(s: SnapshotDetail): CachedReport {
  return { network: s.network as Network, accountKey: s.accountKey, summary: s.summary, state: 'READY', quality: null, fetchedAt: s.fetchedAt, unlockedAt: null, validUntil: null, tiktokType: null, snapshotCount: 1, result: s.result };
}

/** The report page's figure of `key` for `period`: what Compare must show. */
function pageValue(s: SnapshotDetail, key: string, period: '7d' | '30d' | '90d' | '180d' | '365d'): number | null {
  const m = buildReportModel(reportOf(s)).metrics.find((x) => x.key === key);
  return m ? metricForPeriod(m, period).value : null;
}

const ALL: [Network, string][] = [
  ['instagram', 'nasa'],
  ['youtube', 'nasa'],
  ['tiktok', 'nasa'],
  ['twitch', 'nasa'],
  ['twitter', 'nasa'],
  ['snapchat', snapName('verified')],
  ['snapchat', snapName('opendata')],
];

describe('buildCompareModel: one row per figure across every network', () => {
  const snaps = ALL.map(([network, name], i) => sampleSnapshot(network, name, i + 1));
  const model = buildCompareModel(snaps, snaps.map((_, i) => (i === 0 ? 'Strong in Poland — café crowd' : '')), '30d');
  const [ig, yt, tt, tw, tx, snapV, snapO] = snaps.map((s) => s.result as Raw) as [Raw, Raw, Raw, Raw, Raw, Raw, Raw];

  it('columns: name, network, data date, snapshot, profile link, note', () => {
    expect(model.columns.map((c) => c.network)).toEqual(ALL.map(([n]) => n));
    expect(model.columns.map((c) => c.snapshotId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(model.columns[0]).toMatchObject({ title: 'NASA', username: 'nasa', handle: '@nasa', fetchedAt: NOW, note: 'Strong in Poland — café crowd', profileUrl: 'https://www.instagram.com/nasa/' });
    expect(model.columns[0]!.avatarUrl).toMatch(/^http:\/\/cdn\.test\//);
    expect(model.columns[1]!.profileUrl).toMatch(/^https:\/\/www\.youtube\.com\/(channel\/UC|@nasa)/);
    expect(model.columns[2]!.profileUrl).toBe('https://www.tiktok.com/@nasa');
    expect(model.columns[3]!.profileUrl).toBe('https://www.twitch.tv/nasa');
    expect(model.columns[4]!.profileUrl).toBe('https://x.com/nasa');
    expect(model.columns[5]!.profileUrl).toMatch(/^https:\/\/www\.snapchat\.com\/add\/snap\d+$/);
    expect(model.columns[1]!.note).toBe('');
  });

  it('followers: Instagram followers_count, subscribers elsewhere, named per network', () => {
    const r = row(model, 'followers');
    expect(r.values).toEqual(snaps.map((s) => s.summary.followers));
    expect(r.values[0]).toBe(ig.user.followers_count);
    expect(r.values[1]).toBe(yt.report.metrics.subscribers_count.value);
    expect(r.labels).toEqual(['Followers', 'Subscribers', 'Followers', 'Followers', 'Followers', 'Subscribers', 'Subscribers']);
    expect(r.periodDependent).toBe(false);
    expect(r.cellSources[0]).toBe('followers_count');
    expect(r.cellSources[1]).toBe('subscribers_count');
  });

  it('engagement rate for 30 days from each shape; Twitch and Snapchat have none: null, not 0, not ranked', () => {
    const r = row(model, 'er');
    expect(r.values[0]).toBe(ig.user.er.performance['30d'].value);
    expect(r.values[1]).toBe(yt.report.metrics.er.performance['30d'].value);
    expect(r.values[2]).toBe(tt.report.metrics.er.performance['30d'].value);
    expect(r.values[4]).toBe(tx.report.metrics.er.performance['30d'].value);
    expect(r.values[3]).toBeNull();
    expect(r.values[5]).toBeNull();
    expect(r.values[6]).toBeNull();
    expect(r.periodDependent).toBe(true);
    for (const i of [...r.best, ...r.worst]) expect(r.values[i]).not.toBeNull();
    const numbers = r.values.filter((v): v is number => typeof v === 'number');
    expect(r.values[r.best[0]!]).toBe(Math.max(...numbers));
    expect(r.values[r.worst[0]!]).toBe(Math.min(...numbers));
  });

  it('average likes and comments: each network\'s own field, in its own words', () => {
    const likes = row(model, 'avg_likes');
    expect(likes.values[0]).toBe(ig.user.avg_likes);
    expect(likes.values[1]).toBe(yt.report.metrics.alikes_avg.performance['30d'].value);
    expect(likes.values[4]).toBe(tx.report.metrics.favorite_avg.performance['30d'].value);
    const comments = row(model, 'avg_comments');
    expect(comments.values[0]).toBe(ig.user.avg_comments);
    expect(comments.values[2]).toBe(tt.report.metrics.comments_avg.performance['30d'].value);
    expect(comments.values[4]).toBe(tx.report.metrics.reply_avg.performance['30d'].value);
    expect(comments.labels[4]).toBe('Average replies');
    const views = row(model, 'avg_views');
    expect(views.values[0]).toBeNull();
    expect(views.values[1]).toBe(yt.report.metrics.views_avg.performance['30d'].value);
    expect(views.values[3]).toBe(tw.report.metrics.views_avg.performance['30d'].value);
    expect(views.values[5]).toBe(snapV.report.metrics.views_avg.performance['30d'].value);
  });

  it('audience quality: AQS on Instagram and TikTok, CQS on YouTube, named so; absent elsewhere', () => {
    const r = row(model, 'quality_score');
    expect(r.values.slice(0, 3)).toEqual([ig.user.aqs, yt.report.features.cqs.data.value, tt.report.features.aqs.data.value]);
    expect(r.labels.slice(0, 3)).toEqual(['Audience quality score (AQS)', 'Channel quality score (CQS)', 'Audience quality score (AQS)']);
    expect(r.values.slice(3)).toEqual([null, null, null, null]);
    expect(r.labels.slice(3)).toEqual([null, null, null, null]);
    const auth = row(model, 'authenticity');
    expect(auth.values[0]).toBe(ig.user.audience_authenticity.value);
    expect(auth.labels[2]).toBe('Follower quality');
  });

  it('posting, growth, new followers per network; a Snapchat verified report counts new subscribers once', () => {
    expect(row(model, 'posting').values[1]).toBe(yt.report.metrics.videos_per_week.performance['30d'].value);
    expect(row(model, 'posting').better).toBeNull();
    expect(row(model, 'posting').best).toEqual([]);
    expect(row(model, 'growth').values[5]).toBe(snapV.report.metrics.subscribers_growth_prc.performance['30d'].value);
    expect(row(model, 'new_followers').values[5]).toBe(snapV.report.metrics.subscribers_growth.performance['30d'].value);
    expect(row(model, 'new_followers').values[6]).toBe(snapO.report.metrics.subscribers_count.performance['30d'].value);
  });

  it('audience: countries as text, age and gender shares, languages; Twitter has no audience: null', () => {
    const countries = row(model, 'countries');
    expect(countries.unit).toBe('text');
    expect(countries.values[0]).toMatch(/^[A-Z][^,]+ \d+(\.\d+)? %(, [^,]+ \d+(\.\d+)? %){4}$/);
    expect(countries.values[4]).toBeNull();
    const topIg = [...ig.user.audience_geography.countries].sort((a: Raw, b: Raw) => b.value - a.value)[0];
    expect(countries.values[0]).toContain(`${formatCompareValue(topIg.value, 'percent')}`);
    const ages = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'].map((b) => row(model, `age.${b}`));
    for (const c of [0, 1, 2]) {
      const sum = ages.reduce((s, r) => s + ((r.values[c] as number | null) ?? 0), 0);
      expect(Math.abs(sum - 100), `column ${c}`).toBeLessThanOrEqual(1);
    }
    const yt1824 = Object.values(yt.report.features.audience_age_gender.data['18-24'] as Record<string, number>).reduce((s, v) => s + v, 0);
    expect(row(model, 'age.18-24').values[1]).toBeCloseTo(yt1824, 9);
    expect(ages.every((r) => r.values[4] === null)).toBe(true);
    const male = row(model, 'gender.male');
    expect(male.values[0]).toBe(ig.user.demography.find((d: Raw) => d.gender === 'M').value);
    expect(male.values[4]).toBeNull();
    expect(row(model, 'languages').values[1]).toMatch(/%/);
  });

  it('prices: Instagram estimate range, TikTok post price, YouTube integration price', () => {
    const price = row(model, 'post_price');
    expect(price.unit).toBe('money');
    expect(price.values[1]).toBe(yt.video_integration_price.data.price);
    expect(price.labels[1]).toBe('Video integration price');
    expect(price.values[2]).toBe(tt.report.features.blogger_prices.data.post_price);
    expect(price.values[3]).toBeNull();
    const range = row(model, 'post_price_range');
    expect(range.values[0]).toBe(`${formatCompareValue(ig.user.est_post_price.min, 'money')}–${formatCompareValue(ig.user.est_post_price.max, 'money')}`);
  });

  it("per-network groups hold each network's other figures, collapsed, only for that network's columns", () => {
    const groups = model.groups.filter((g) => g.expandable).map((g) => g.name);
    expect(groups).toEqual(['Instagram', 'YouTube', 'TikTok', 'Twitch', 'Twitter', 'Snapchat']);
    const ytGroup = model.rows.filter((r) => r.group === 'YouTube');
    expect(ytGroup.every((r) => r.expandable)).toBe(true);
    expect(ytGroup.map((r) => r.key)).toContain('youtube.video_views_avg');
    expect(ytGroup.map((r) => r.key)).not.toContain('youtube.views_avg');
    expect(ytGroup.map((r) => r.key)).not.toContain('youtube.cqs');
    for (const r of ytGroup) r.values.forEach((v, i) => (i !== 1 ? expect(v, r.key).toBeNull() : undefined));
    const hours = row(model, 'twitch.hours_streamed');
    expect(hours.unit).toBe('duration_ms');
    expect(hours.values[3]).toBe(pageValue(snaps[3]!, 'hours_streamed', '30d'));
    expect(row(model, 'snapchat.story_skip_rate').better).toBe('lower');
    expect(model.rows.some((r) => r.key === 'twitch.fact.Games')).toBe(true);
    // Every shared row comes before the per-network groups.
    const firstDetail = model.rows.findIndex((r) => r.expandable);
    expect(model.rows.slice(firstDetail).every((r) => r.expandable)).toBe(true);
  });

  it('every number equals the report page\'s figure for the period; missing is null, never 0', () => {
    for (const r of model.rows) {
      r.values.forEach((v, i) => {
        expect(v === null, `${r.key} ${i}`).toBe(r.cellSources[i] === null);
        if (typeof v !== 'number' || r.unit === 'text') return;
        const key = r.cellSources[i]!.split(',')[0]!;
        if (/breakdown|\./.test(key) && !key.includes('in_period') && !/^(media_by_type|audience_sentiments|views_avg|reach|shares_avg|view_time_avg|story_rewatch_rate|reach_rate)\./.test(key)) return;
        expect(v, `${r.key} ${i}`).toBe(pageValue(snaps[i]!, key, '30d'));
      });
      expect(r.values.length).toBe(snaps.length);
    }
  });
});

describe('period switch', () => {
  const snaps = [sampleSnapshot('instagram', 'natgeo', 1), sampleSnapshot('youtube', 'foodchannel', 2)];

  it('period-dependent rows follow the period; YouTube has no 7 days: its 365-day figure, and the source says so', () => {
    const week = buildCompareModel(snaps, [], '7d');
    const year = buildCompareModel(snaps, [], '365d');
    const ig = snaps[0]!.result as Raw;
    expect(row(week, 'er').values[0]).toBe(ig.user.er.performance['7d'].value);
    expect(row(year, 'er').values[0]).toBe(ig.user.er.performance['365d']?.value ?? ig.user.er.performance.all.value);
    expect(row(week, 'er').values[0]).not.toBe(row(year, 'er').values[0]);
    expect(row(week, 'er').values[1]).toBe(pageValue(snaps[1]!, 'er', '7d'));
    expect(row(week, 'er').values[1]).toBe(row(year, 'er').values[1]);
    expect(row(week, 'er').periodSources).toEqual(['period', '365d']);
    expect(row(week, 'er').cellSources[1]).toBe('er, 365 days (no 7 days figure)');
    expect(row(week, 'er').source).toMatch(/where a report lacks 7 days: 365 days for @foodchannel/);
    expect(row(year, 'er').periodSources).toEqual(['period', 'period']);
    // Not period-dependent: the same whatever the period.
    expect(row(week, 'followers').values).toEqual(row(year, 'followers').values);
    expect(row(week, 'followers').periodDependent).toBe(false);
    expect(week.period).toBe('7d');
  });
});

describe('best and worst', () => {
  it('ranked only where `better` is set, among two or more numbers; ties all marked; all equal: none', () => {
    const a = sampleSnapshot('tiktok', 'dancer', 1);
    const b = sampleSnapshot('tiktok', 'minidancer', 2);
    const twitch = sampleSnapshot('twitch', 'shroud', 3);
    const m = buildCompareModel([a, b, twitch], [], '30d');
    const er = row(m, 'er');
    expect(er.values[2]).toBeNull();
    expect(er.best.length + er.worst.length).toBe(2);
    expect(er.best).not.toContain(2);
    expect(er.worst).not.toContain(2);
    expect(row(m, 'countries').best).toEqual([]);
    // One account with the figure: nothing to rank.
    const alone = buildCompareModel([a, twitch], [], '30d');
    expect(row(alone, 'er').best).toEqual([]);
    expect(row(alone, 'er').worst).toEqual([]);
    // The same account twice: all equal, nothing marked.
    const same = buildCompareModel([a, sampleSnapshot('tiktok', 'dancer', 4)], [], '30d');
    expect(row(same, 'followers').best).toEqual([]);
    // Three with a tie for best.
    const tie = buildCompareModel([a, sampleSnapshot('tiktok', 'dancer', 5), b], [], '30d');
    const f = row(tie, 'followers');
    const top = Math.max(...(f.values as number[]));
    expect(f.best).toEqual(f.values.flatMap((v, i) => (v === top ? [i] : [])));
  });

  it('hidden likes are missing, not 0, and not ranked', () => {
    let hider: SnapshotDetail | null = null;
    for (let i = 0; i < 80 && !hider; i++) {
      const s = sampleSnapshot('instagram', `hider${i}`, 1);
      if ((s.result as Raw).user.avg_likes === null) hider = s;
    }
    expect(hider).not.toBeNull();
    const m = buildCompareModel([hider!, sampleSnapshot('instagram', 'natgeo', 2), sampleSnapshot('tiktok', 'dancer', 3)], [], '30d');
    const likes = row(m, 'avg_likes');
    expect(likes.values[0]).toBeNull();
    expect(likes.best).not.toContain(0);
    expect(likes.worst).not.toContain(0);
    expect(likes.best.length).toBe(1);
    expect(m.rows.find((r) => r.key === 'instagram.fact.Likes')?.values[0]).toMatch(/hidden/i);
  });
});

describe('real forms and parts kept as received', () => {
  it.each(['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'] as const)('%s: an account in the real forms compares like a reference one', (network) => {
    const name = realFormsName(network);
    const s = sampleSnapshot(network, name, 1);
    const m = buildCompareModel([s, sampleSnapshot(network, 'nasa', 2)], [], '30d');
    expect(row(m, 'followers').values[0]).toBe(s.summary.followers);
    for (const r of m.rows) if (r.unit !== 'text') for (const v of r.values) expect(v === null || Number.isFinite(v)).toBe(true);
    const report = buildReportModel(reportOf(s));
    const countries = report.breakdowns.find((b) => b.key === 'countries');
    expect(row(m, 'countries').values[0] === null).toBe(countries === undefined);
    if (network === 'youtube') {
      const raw = s.result as Raw;
      expect(raw.video_integration_price).toBeUndefined();
      expect(row(m, 'post_price').values[0]).toBe(raw.report.video_integration_price.data.price);
      expect(row(m, 'post_price').cellSources[0]).toBe('report.video_integration_price.price');
    }
    if (network === 'tiktok') {
      expect(Array.isArray((s.result as Raw).report.features.audience_geo.data)).toBe(false);
      expect(row(m, 'countries').values[0]).toMatch(/%/);
      expect(m.topCountries.byColumn[0]!.shares.some((v) => v !== null)).toBe(true);
    }
  });

  it('Instagram empty maps as [] (no prices yet) give missing prices, not 0', () => {
    const answer = readyAnswer('instagram', 'natgeo');
    const user = answer.result.user as Raw;
    user.blogger_prices = [];
    user.est_post_price = [];
    const m = buildCompareModel([snapshotOf('instagram', 'natgeo', 1, answer), sampleSnapshot('tiktok', 'dancer', 2)], [], '30d');
    expect(row(m, 'post_price').values[0]).toBeNull();
    expect(row(m, 'post_price_range').values[0]).toBeNull();
  });

  it('a part kept as received gives null: TikTok audience_geo that is not a table, a metric that is not a number', () => {
    const answer = readyAnswer('tiktok', 'scout_alice');
    (answer.result.report as Raw).features.audience_geo = { data: 'not a table' };
    (answer.result.report as Raw).metrics.er = { value: 'high', performance: { '30d': { value: 'high' } } };
    const odd = snapshotOf('tiktok', 'scout_alice', 1, answer);
    expect(((odd.result as Raw)._scoutUnparsed as Raw[]).map((p) => p.path)).toEqual(expect.arrayContaining(['report.features.audience_geo', 'report.metrics.er']));
    const clean = sampleSnapshot('tiktok', 'scout_alice', 2);
    const m = buildCompareModel([odd, clean], [], '30d');
    expect(row(m, 'countries').values[0]).toBeNull();
    expect(row(m, 'countries').values[1]).not.toBeNull();
    expect(row(m, 'er').values[0]).toBeNull();
    expect(row(m, 'er').best).toEqual([]);
    expect(m.topCountries.byColumn[0]!.shares.every((v) => v === null)).toBe(true);
    // Every other shared figure is the clean report's.
    for (const key of ['followers', 'avg_views', 'avg_likes', 'quality_score', 'post_price']) expect(row(m, key).values[0], key).toEqual(row(m, key).values[1]);
  });

  it.each(['instagram', 'tiktok', 'youtube'] as const)('%s: an odd-shaped account (oddshape_*) compares; what it kept is missing', (network) => {
    const s = sampleSnapshot(network, 'oddshape_one', 1);
    const kept = ((s.result as Raw)._scoutUnparsed ?? []) as Raw[];
    expect(kept.length).toBeGreaterThan(0);
    const m = buildCompareModel([s, sampleSnapshot(network, 'nasa', 2)], ['odd'], '30d');
    expect(row(m, 'followers').values[0]).toBe(s.summary.followers);
    for (const part of kept) {
      const metric = /^(?:user|report\.metrics)\.([a-z_0-9]+)$/.exec(part.path as string)?.[1];
      if (!metric) continue;
      for (const r of m.rows) if (r.cellSources[0]?.split(',')[0] === metric) throw new Error(`${r.key} read the kept part ${part.path}`);
    }
    if (network === 'instagram') expect(row(m, 'languages').values[0]).toBeNull();
  });

  it('a snapshot of an unknown network is refused with a clear error', () => {
    const s = sampleSnapshot('tiktok', 'dancer', 1);
    expect(() => buildCompareModel([s, { ...s, network: 'myspace' }], [], '30d')).toThrow(/item 2 is not a cached report of a known network/);
    const broken = clone(s);
    broken.result = { report: { metrics: { er: [1] }, features: 'x' } };
    expect(() => buildCompareModel([broken, s], [], '30d')).not.toThrow();
    const m = buildCompareModel([broken, s], [], '30d');
    expect(row(m, 'er').values[0]).toBeNull();
  });
});

describe('series for the charts', () => {
  const snaps = [sampleSnapshot('instagram', 'natgeo', 1), sampleSnapshot('youtube', 'foodchannel', 2), sampleSnapshot('tiktok', 'dancer', 3), sampleSnapshot('twitter', 'jack', 4)];
  const m = buildCompareModel(snaps, [], '30d');
  const pages = snaps.map((s) => buildReportModel(reportOf(s)));

  it('followers and engagement over time from the reports that have them', () => {
    expect(m.series.followers.map((s) => s.column)).toEqual([0, 1]);
    expect(m.series.followers[0]!.points).toEqual(pages[0]!.series.find((s) => s.key === 'followers')!.points);
    expect(m.series.followers[1]!.points).toEqual(pages[1]!.series.find((s) => s.key === 'history.subscribers_count')!.points);
    expect(m.series.engagement.map((s) => s.column)).toEqual([1]);
    expect(m.series.engagement[0]!.unit).toBe('percent');
    const byPeriod = m.series.engagementByPeriod.find((s) => s.column === 3)!;
    expect(byPeriod.points.find((p) => p.period === '30d')!.value).toBe(row(m, 'er').values[3]);
  });

  it('age and gender per account; top countries the union of each top 5, missing null', () => {
    expect(m.ageGender.ages.slice(0, 7)).toEqual(['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+']);
    m.ageGender.byColumn.forEach((c) => {
      c.ages.forEach((v, k) => expect(v).toBe(row(m, `age.${m.ageGender.ages[k]}`).values[c.column] ?? null));
    });
    expect(m.ageGender.byColumn[3]!.ages.every((v) => v === null)).toBe(true);
    const tops = pages.map((p) => (p.breakdowns.find((b) => b.key === 'countries')?.items ?? []).filter((i) => i.label !== 'Other').slice(0, 5).map((i) => i.label));
    expect(new Set(m.topCountries.countries)).toEqual(new Set(tops.flat()));
    for (const c of m.topCountries.byColumn) {
      c.shares.forEach((v, k) => {
        const item = pages[c.column]!.breakdowns.find((b) => b.key === 'countries')?.items.find((i) => i.label === m.topCountries.countries[k]);
        expect(v).toBe(item?.value ?? null);
      });
    }
    expect(m.topCountries.byColumn[3]!.shares.every((v) => v === null)).toBe(true);
  });
});

describe('one country, one row, one spelling', () => {
  it('reads an Instagram "Turkey" and a YouTube "tr" as one country, named once', () => {
    const ig = sampleSnapshot('instagram', 'natgeo', 1);
    const yt = sampleSnapshot('youtube', 'foodchannel', 2);
    const user = (ig.result as Raw).user;
    user.audience_geography = { ...user.audience_geography, countries: [{ name: 'Turkey', code: 'TR', value: 50 }, { name: 'United States', code: 'US', value: 40 }] };
    (yt.result as Raw).report.features.audience_geo = { data: [{ title: 'tr', prc: 45 }, { title: 'us', prc: 35 }] };
    const m = buildCompareModel([ig, yt], ['', ''], '30d');
    expect(m.topCountries.countries.filter((c) => /T(ü|u)rk/.test(c))).toEqual(['Türkiye']);
    const k = m.topCountries.countries.indexOf('Türkiye');
    expect(m.topCountries.byColumn.map((c) => c.shares[k])).toEqual([50, 45]);
    expect(row(m, 'countries').values.every((v) => typeof v !== 'string' || !v.includes('Turkey'))).toBe(true);
  });
});
