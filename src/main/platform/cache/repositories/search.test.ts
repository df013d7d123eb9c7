import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCdn } from '../../../../simulator/data/cdn';
import { generateInstagramMedia, generateYoutubeMediaPage } from '../../../../simulator/data/reports';
import { MediaRepository } from '../../../domains/reports/mediaRepository';
import { ReportsRepository } from '../../../domains/reports/reportsRepository';
import { toMatchQuery } from './searchText';
import { NOW, parsedReport, tempDatabase, type TempDatabase } from './testkit';

let t: TempDatabase;
let reports: ReportsRepository;
let media: MediaRepository;
beforeEach(() => {
  t = tempDatabase();
  reports = new ReportsRepository(t.db);
  media = new MediaRepository(t.db, reports.searchIndex);
});
afterEach(() => t.dispose());

const small = (network: 'instagram' | 'twitter', name: string, summary: { title?: string | null; description?: string | null }) =>
  reports.saveSnapshot(parsedReport(network, name, { body: network === 'instagram' ? { user: { username: name } } : { report: {} }, summary: { username: name, ...summary } }), {
    fetchedAt: NOW,
    accountKey: name,
  });
// The library's text filter, best first: what the researcher's search box runs.
const keys = (text: string, limit = 50) => reports.library({ text, sort: 'relevance', limit }).items.map((h) => `${h.network}:${h.accountKey}`);

describe('full-text search', () => {
  it('finds reports by username (parts and run together), title and description', () => {
    small('twitter', 'kalo.travels', { title: 'Kalo Goes Places', description: 'Backpacking through Patagonia' });
    small('twitter', 'other', { title: 'Something else', description: null });
    expect(keys('kalo')).toEqual(['twitter:kalo.travels']);
    expect(keys('kalotravels')).toEqual(['twitter:kalo.travels']);
    expect(keys('kalo.travels')).toEqual(['twitter:kalo.travels']);
    expect(keys('places')).toEqual(['twitter:kalo.travels']);
    expect(keys('patagon')).toEqual(['twitter:kalo.travels']); // the last word is a prefix
    expect(keys('PATAGONIA backpacking')).toEqual(['twitter:kalo.travels']);
    expect(keys('patagonia nowhere')).toEqual([]);
  });

  it('finds Instagram media captions and their hashtags, whether the media came before or after the report', () => {
    const captions = { media_ids: { all: {} }, media: { '1': { basic: { id: '1', caption: 'Sunset over the #Zanzibar coast 🌅' } }, '2': { basic: { id: '2', caption: 'Morning swim' } } } };
    media.saveInstagram('early.bird', captions, NOW);
    small('instagram', 'early.bird', { title: 'Early Bird' });
    expect(keys('zanzibar')).toEqual(['instagram:early.bird']);
    expect(keys('swim')).toEqual(['instagram:early.bird']);
    small('instagram', 'late.bird', { title: 'Late Bird' });
    media.saveInstagram('late.bird', { media: { '9': { basic: { id: '9', caption: 'Fjord kayaking #norway' } } } }, NOW);
    expect(keys('fjord')).toEqual(['instagram:late.bird']);
    expect(keys('norway')).toEqual(['instagram:late.bird']);
    // A newer media fetch replaces the captions indexed.
    media.saveInstagram('late.bird', { media: { '10': { basic: { id: '10', caption: 'Desert hike' } } } }, NOW + 1);
    expect(keys('fjord')).toEqual([]);
    expect(keys('desert')).toEqual(['instagram:late.bird']);
    // Saving the report again keeps the media text.
    small('instagram', 'late.bird', { title: 'Late Bird Again' });
    expect(keys('desert')).toEqual(['instagram:late.bird']);
    expect(keys('again')).toEqual(['instagram:late.bird']);
  });

  it('indexes realistic generated media and report posts: captions, video titles, TikTok challenges, Snapchat hashtags', () => {
    const input = { network: 'instagram' as const, name: 'kalo.travels12', now: NOW, cdn: testCdn, lowConfidence: false };
    reports.saveSnapshot(parsedReport('instagram', 'kalo.travels12'), { fetchedAt: NOW, accountKey: 'kalo.travels12' });
    const igMedia = generateInstagramMedia(input);
    media.saveInstagram('kalo.travels12', igMedia, NOW);
    const firstCaption = Object.values(igMedia.media as Record<string, { basic: { caption: string } }>)[0]!.basic.caption;
    const word = firstCaption.split(' ').at(-1)!;
    expect(keys(word)).toContain('instagram:kalo.travels12');

    const yt = parsedReport('youtube', 'tube.maker');
    reports.saveSnapshot(yt, { fetchedAt: NOW, accountKey: 'tube.maker' });
    const page = generateYoutubeMediaPage({ ...input, network: 'youtube', name: 'tube.maker' }, 2);
    media.saveYoutubePage('tube.maker', page, NOW);
    const videoTitle = (page.media as { title: string }[])[0]!.title;
    expect(keys(videoTitle)).toContain('youtube:tube.maker');

    reports.saveSnapshot(parsedReport('tiktok', 'dance.crew'), { fetchedAt: NOW, accountKey: 'dance.crew' });
    const tiktok = reports.open('tiktok', 'dance.crew')!.result as { report: { features: { blogger_challenges_performance: { data: { challenges: { title: string }[] } } } } };
    const challenge = tiktok.report.features.blogger_challenges_performance.data.challenges[0];
    expect(keys(challenge!.title)).toContain('tiktok:dance.crew');

    reports.saveSnapshot(parsedReport('snapchat', 'snappy'), { fetchedAt: NOW, accountKey: 'snappy' });
    const snap = reports.open('snapchat', 'snappy')!.result as { report: { features: { last_media: { data: Record<string, { features: { hashtags: string[] } }> } } } };
    const tag = Object.values(snap.report.features.last_media.data).flatMap((m) => m.features.hashtags)[0];
    expect(keys(tag!)).toContain('snapchat:snappy');
  });

  it('ranks a name above a caption', () => {
    small('twitter', 'rocket.lab', { title: 'Rocket Lab' });
    small('instagram', 'someone', { title: 'Someone' });
    media.saveInstagram('someone', { media: { '1': { basic: { id: '1', caption: 'watched a rocket launch' } } } }, NOW);
    expect(keys('rocket')).toEqual(['twitter:rocket.lab', 'instagram:someone']);
  });

  it('keeps the newest report’s text when an older snapshot arrives late', () => {
    small('twitter', 'shifty', { title: 'New Name' });
    reports.saveSnapshot(parsedReport('twitter', 'shifty', { body: { report: {} }, summary: { username: 'shifty', title: 'Old Name' } }), { fetchedAt: NOW - 1000, accountKey: 'shifty' });
    expect(keys('new')).toEqual(['twitter:shifty']);
    expect(keys('old')).toEqual([]);
  });

  it('survives hostile input: quotes, operators, stars, parentheses, emoji', () => {
    small('twitter', 'and.or', { title: 'NOT a "quoted" (title)', description: 'near the star * of 🌟 fame' });
    const hostile = ['"', '""', '"unbalanced', 'a"b', 'AND', 'OR', 'NOT', 'and OR not', 'NEAR(a b)', '*', '**', 'a*', '*a', '(', ')', '((', 'title)', '^start', 'col:umn', 'username:and', '{username}: x', '🌟', '🌟🌟 and', '', '   ', '-', '+x', 'x -y', '\\', "'", ';DROP TABLE reports;--', '\u0000', 'a\u0000b', '\uD800'];
    for (const text of hostile) expect(() => keys(text), JSON.stringify(text)).not.toThrow();
    expect(keys('"quoted"')).toEqual(['twitter:and.or']);
    expect(keys('NOT')).toEqual(['twitter:and.or']);
    expect(keys('(title')).toEqual(['twitter:and.or']);
    expect(keys('and OR')).toEqual(['twitter:and.or']);
    expect(keys('🌟 fame')).toEqual(['twitter:and.or']);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(Array.isArray(keys(text, 5))).toBe(true);
        expect(() => reports.library({ text, limit: 5 })).not.toThrow();
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('"', '(', ')', '*', '^', ':', 'AND', 'OR', 'NOT', 'NEAR', '+', '-', '{', '}', ' ', 'x', '🌟', 'é'), { maxLength: 12 }), (parts) => {
        expect(() => keys(parts.join(''))).not.toThrow();
        expect(() => keys(parts.join(' '))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('makes any text into a query of quoted words', () => {
    expect(toMatchQuery('kalo.travels')).toBe('"kalo" "travels"*');
    expect(toMatchQuery('a "b" OR c')).toBe('"a" "b" "OR" "c"');
    expect(toMatchQuery('rocket ')).toBe('"rocket"');
    expect(toMatchQuery('x')).toBe('"x"');
    expect(toMatchQuery('(*)')).toBeNull();
    expect(toMatchQuery('🌟')).toBeNull();
  });
});
