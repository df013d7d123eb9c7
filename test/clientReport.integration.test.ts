// Scout's own client report against the simulator over loopback with a real SQLite file and a real
// archive folder: a report is fetched (paid, once), then its client report is made offline from the
// cache — no API call, no ledger row — drawn by pdf-lib, read back by poppler (pdftotext, pdfinfo),
// and listed in the Archive as a client report.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchivedPdf } from '@shared/archive';
import type { AgencyView } from '@shared/agency';
import type { CachedReport } from '@shared/reports';
import { productionHarness, type ProductionHarness } from './productionHarness';
import { solidPng } from './fixtures/pictures';
import { clientReportContent } from '../src/shared/reportModel/clientReport';
import { formatDate, formatMetric } from '../src/shared/format';

let h: ProductionHarness;
afterEach(() => h?.close());

const archiveDir = () => path.join(h.services.options.dataDir, 'workspaces', 'production', 'archive');
const apiCalls = () => [...h.sim.state.calls.values()].reduce((a, b) => a + b, 0);
/** The PDF's text as poppler reads it, in reading order, spaces collapsed. */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
/** The page's text as the PDF writes it: as it is (clientReportPdf.ts embeds Unicode fonts). */
const asWritten = (text: string) => text;

describe('client report (Scout’s own PDF of one account, from the cache)', () => {
  it('is made offline with no API call and no ledger row, carries the report’s figures, the agency and the note, and is kept in the Archive', async () => {
    h = await productionHarness();
    const ws = h.services.active();
    await h.call('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 1 });
    const report = (await h.call<CachedReport>('reports:open', { network: 'instagram', account: 'natgeo' }))!;
    const agency = await h.call<AgencyView>('agency:set', { name: 'Acme Insights', accent: '#c0392b' });
    expect(agency).toMatchObject({ name: 'Acme Insights', accent: '#c0392b' });
    await h.call('agency:setLogo', { type: 'png', base64: solidPng(160, 48).toString('base64') });

    // Offline: nothing may reach the API, and nothing is spent.
    await h.call('connection:setOffline', { offline: true });
    const callsBefore = apiCalls();
    const ledgerBefore = ws.ledger.entries();
    const content = clientReportContent(report);
    const note = 'Growth held through the autumn.\n\nWe suggest renewing the spring campaign — café-style visuals worked best.';
    const askedAt = Date.now();
    const pdf = await h.call<ArchivedPdf>('archive:clientReport', { network: 'instagram', account: 'natgeo', note, fetchedAt: report.fetchedAt });
    const madeOn = [formatDate(askedAt), formatDate(Date.now())];
    expect(apiCalls()).toBe(callsBefore);
    expect(ws.ledger.entries()).toEqual(ledgerBefore);

    expect(pdf).toMatchObject({ kind: 'client', network: 'instagram', accountKey: 'natgeo', reportDate: report.fetchedAt, sourceUrl: null, linkExpiresAt: null, missing: false });
    const file = path.join(archiveDir(), pdf.fileName);
    expect(fs.statSync(file).size).toBe(pdf.bytes);
    expect(pdfPages(file)).toBeGreaterThan(1);
    const text = pdfText(file);

    // The headline figures are the report page's: the same model, the same formatter, the same period words.
    expect(content.headline.length).toBeGreaterThanOrEqual(3);
    for (const figure of content.headline) {
      expect(text).toContain(asWritten(figure.label));
      expect(text).toContain(asWritten(figure.value));
    }
    // …and they are the cached answer's own numbers.
    const followers = content.headline.find((f) => f.label === 'Followers')!;
    expect(followers.value).toBe(formatMetric(report.summary.followers, 'count'));
    expect(text).toContain(followers.value);
    expect(text).toContain('last 30 days');

    // The cover and every page: the agency, the account, the dates, page numbers.
    expect(text).toContain('Acme Insights');
    expect(text).toContain(report.summary.title ?? 'natgeo');
    expect(text).toContain('@natgeo on Instagram');
    // Dates in the one formatter's words: when the report's data is from, and today.
    expect(text).toContain(`Report data of ${formatDate(report.fetchedAt)}`);
    expect(madeOn.some((day) => text.includes(`Prepared ${day} by Acme Insights`))).toBe(true);
    expect(text).toContain(`Page 1 of ${pdfPages(file)}`);
    expect(text).toContain(`Page ${pdfPages(file)} of ${pdfPages(file)}`);
    // The note, its paragraphs and its accented letters as written.
    expect(text).toContain('Researcher’s note');
    expect(text).toContain('Growth held through the autumn.');
    expect(text).toMatch(/café-style\s+visuals/);
    // The sections the report has, with a chart title of each.
    expect(text).toContain('Growth');
    expect(text).toContain('Audience');
    for (const { chart } of content.charts.slice(0, 3)) expect(text).toContain(asWritten(chart.title));

    // Listed in the Archive as a client report, found by those words, served like the API's PDFs.
    const listed = await h.call<ArchivedPdf[]>('archive:list', { text: 'client report' });
    expect(listed.map((p) => [p.id, p.kind])).toEqual([[pdf.id, 'client']]);
    // Not exported again from the API: it is made again from the report page.
    await expect(h.call('archive:exportAgain', { id: pdf.id, confirmedCost: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/client report/) });
    expect(apiCalls()).toBe(callsBefore);
  });

  it('refuses a page read from an older report, and an account with no cached report, keeping nothing', async () => {
    h = await productionHarness();
    await h.call('reports:fetch', { network: 'instagram', account: 'natgeo', confirmedCost: 1 });
    const report = (await h.call<CachedReport>('reports:open', { network: 'instagram', account: 'natgeo' }))!;
    const ask = (account: string, fetchedAt: number) => h.call('archive:clientReport', { network: 'instagram', account, note: '', fetchedAt });
    await expect(ask('natgeo', report.fetchedAt - 1000)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/changed since the page showed it/) });
    await expect(ask('someone_else', report.fetchedAt)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/no report of this account/) });
    expect(await h.call<ArchivedPdf[]>('archive:list', {})).toEqual([]);
    expect(fs.existsSync(archiveDir()) ? fs.readdirSync(archiveDir()) : []).toEqual([]);
  });
});

describe('Your agency over the contract', () => {
  it('says what is wrong with a name, a colour or a logo, and changes nothing', async () => {
    h = await productionHarness();
    const saved = await h.call<AgencyView>('agency:set', { name: '  Acme Insights  ', accent: '#C0392B' });
    // Read once at the boundary: trimmed, the colour in lower case.
    expect(saved).toMatchObject({ name: 'Acme Insights', accent: '#c0392b', logo: null });
    const png = solidPng(20, 10).toString('base64');
    await h.call('agency:setLogo', { type: 'png', base64: png });
    const before = await h.call<AgencyView>('agency:get');

    await expect(h.call('agency:set', { name: 'Other', accent: 'red' })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('The accent colour is a colour like #2f5fd0.') });
    await expect(h.call('agency:set', { name: 'x'.repeat(121), accent: '#000000' })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('at most 120 characters') });
    await expect(h.call('agency:setLogo', { type: 'gif', base64: png })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(h.call('agency:setLogo', { type: 'png', base64: 'A'.repeat(800_000) })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('larger than 512 KB') });
    await expect(h.call('agency:setLogo', { type: 'svg', base64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>').toString('base64'), rendition: png })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message:
        'The SVG logo cannot be used: it has an event handler (onload). Save it again without scripts, animation or links to other files (most editors have a "plain SVG" export) and choose it again. The logo kept before is unchanged.',
    });
    await expect(h.call('agency:set', { name: 'Acme\uFFFE Insights', accent: '#000000' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining("The agency name holds a character a client's file cannot hold (U+FFFE); type the name rather than pasting it."),
    });
    expect(await h.call<AgencyView>('agency:get')).toEqual(before);
  });
});
