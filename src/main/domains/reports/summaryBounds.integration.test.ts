// A report whose texts are absurdly long — a teammate's record or an API answer with a 15 MB
// username (the library's first page became 15 MB and main held for seconds) — is kept whole in
// its snapshot, and the library lists it with each field bounded where the summary is read.
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from './reportsRepository';
import { ReportsRepository } from './reportsRepository';
import { MediaRepository } from './mediaRepository';
import { tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';
import { parseReport } from '../../platform/api/schemas';
import { clipText, TEXT_LIMITS, TEXT_LIMITS as SUMMARY_TEXT_LIMITS } from '../../platform/api/schemas/textBounds';
import { NOW, readyAnswer } from '../../platform/api/schemas/testkit';
import { reportTeamItem } from './reportRecords';
import { productionHarness, type ProductionHarness } from '../../../../test/productionHarness';

const MB15 = 15 * 1024 * 1024;
const huge = (letter: string) => letter.repeat(MB15);

let h: ProductionHarness | undefined;
let temp: TempDatabase | undefined;
afterEach(() => {
  h?.close();
  temp?.dispose();
  h = undefined;
  temp = undefined;
});

function expectBounded(item: LibraryItem, nameClipped = true): void {
  const { summary } = item;
  expect(summary.username.length).toBeLessThanOrEqual(SUMMARY_TEXT_LIMITS.username);
  expect(summary.username.endsWith('…')).toBe(nameClipped);
  expect(summary.title?.length ?? 0).toBeLessThanOrEqual(SUMMARY_TEXT_LIMITS.title);
  expect(summary.description?.length ?? 0).toBeLessThanOrEqual(SUMMARY_TEXT_LIMITS.description);
  expect(summary.avatarUrl).toBeNull();
  expect(summary.language).toBeNull();
}

describe('a report with a 15 MB username', () => {
  it("a teammate's record: saved, its library row bounded, the page a few kilobytes, the answer kept whole", async () => {
    h = await productionHarness();
    const answer = readyAnswer('instagram', 'bigname');
    const user = answer.result.user as Record<string, unknown>;
    const reports = h.services.active().reports;
    // A 15 MB username is not the account the record is filed under: set aside, its words bounded.
    const renamed = structuredClone(answer);
    (renamed.result.user as Record<string, unknown>).username = huge('u');
    const record = (json: unknown, seq: number) => ({ seq, item: reportTeamItem('instagram', 'bigname'), researcher: 'scout_r_anna', fetchedAt: new Date(Date.now() - seq), body: { json } });
    let refusal: unknown = null;
    try {
      reports.applyTeamRecord(record(renamed, 2));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'TEAM_BAD_DATA', message: expect.stringMatching(/holds the report of another account/) });
    expect((refusal as Error).message.length).toBeLessThan(400);
    // The account's own record, with every other text 15 MB long: saved, bounded.
    Object.assign(user, { full_name: huge('f'), about: huge('a'), photo_url: `https://cdn.example/${huge('p')}`, blogger_languages: [huge('l')] });
    const outcome = reports.applyTeamRecord(record(answer, 1));
    expect(outcome.outcome).toBe('saved');

    const page = await h.call<{ total: number; items: LibraryItem[] }>('reports:library', {});
    expect(page.total).toBe(1);
    expectBounded(page.items[0]!, false);
    expect(JSON.stringify(page).length).toBeLessThan(16 * 1024);
    // The answer paid for is kept as received.
    const opened = await h.call<{ result: { user: { username: string } } }>('reports:open', { network: 'instagram', account: 'bigname' });
    expect(opened.result.user.username).toBe('bigname');
    expect((opened.result.user as unknown as { about: string }).about.length).toBe(MB15);
  }, 60_000);

  it("an API answer: the summary read from it is bounded, so is the library's row", () => {
    temp = tempDatabase();
    const repo = new ReportsRepository(temp.db);
    const answer = readyAnswer('youtube', 'UCbig');
    const basic = (answer.result.report as { basic: Record<string, unknown> }).basic;
    Object.assign(basic, { username: huge('u'), title: huge('t'), description: huge('d'), avatar_url: huge('a') });
    const parsed = parseReport('youtube', answer, NOW);
    repo.saveSnapshot(parsed, { fetchedAt: NOW, unlockedAt: NOW, accountKey: 'UCbig' });
    const page = repo.library({});
    expect(page.total).toBe(1);
    expectBounded({ ...page.items[0]!, summary: { ...page.items[0]!.summary, language: null } });
    expect(JSON.stringify(page).length).toBeLessThan(16 * 1024);
    expect(temp.db.prepare('SELECT max(length(username)), max(length(title)), max(length(description)) FROM reports').raw().get()).toEqual([100, 200, 2000]);
  });

  it("a teammate's record with a 15 MB video title: indexed bounded, found by its words, kept whole", async () => {
    h = await productionHarness();
    const answer = readyAnswer('youtube', 'UCvideos');
    answer.result.media = [{ title: `fjord ${huge('t')}`, description: 'Kayaking at dawn' }];
    const reports = h.services.active().reports;
    expect(reports.applyTeamRecord({ seq: 1, item: reportTeamItem('youtube', 'UCvideos'), researcher: 'scout_r_anna', fetchedAt: new Date(), body: { json: answer } }).outcome).toBe('saved');
    const db = h.services.active().db;
    expect(db.prepare('SELECT max(length(report_text)) FROM report_search').pluck().get()).toBeLessThanOrEqual(TEXT_LIMITS.caption + 100);
    const found = await h.call<{ total: number; items: LibraryItem[] }>('reports:library', { text: 'fjord kayaking' });
    expect(found.total).toBe(1);
    const opened = await h.call<{ result: { media: { title: string }[] } }>('reports:open', { network: 'youtube', account: 'UCvideos' });
    expect(opened.result.media[0]!.title.length).toBe(MB15 + 6);
  }, 60_000);

  it("an account's media with a 15 MB caption: the search index holds it bounded, the media kept whole", () => {
    temp = tempDatabase();
    const repo = new ReportsRepository(temp.db);
    repo.saveSnapshot(parseReport('instagram', readyAnswer('instagram', 'bigcaption'), NOW), { fetchedAt: NOW, unlockedAt: NOW, accountKey: 'bigcaption' });
    new MediaRepository(temp.db).saveInstagram('bigcaption', { media: { '1': { basic: { id: '1', caption: `fjord ${huge('c')}` } } } }, NOW);
    expect(temp.db.prepare('SELECT max(length(media_text)) FROM report_search').pluck().get()).toBeLessThanOrEqual(TEXT_LIMITS.caption);
    expect(repo.library({ text: 'fjord' }).total).toBe(1);
    expect(temp.db.prepare("SELECT max(length(j.value ->> '$.basic.caption')) FROM instagram_media AS m, json_each(m.media) AS j").pluck().get()).toBe(MB15 + 6);
  });

  it('is cut on a character, never half of one', () => {
    expect(clipText('ab😀cd', 4)).toBe('ab…');
    expect(clipText('abc😀d', 5)).toBe('abc…');
    expect(clipText('abc😀de', 6)).toBe('abc😀…');
    expect(clipText('short', 100)).toBe('short');
  });
});
