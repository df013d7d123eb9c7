// Compare finds every series a report has (issue 19): Instagram's and Twitter's engagement over
// time is a companion answer (the History tab's), not part of the report. A snapshot read for a
// comparison carries its account's cached metrics history, up to that snapshot's fetch, from the
// cache only; the comparison draws it through the one place that says which series a report has
// (reportSeries), the same series the History tab draws.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotDetail } from '../src/shared/contract';
import type { CompanionDocument, HistoryView } from '../src/shared/companions';
import type { LatestSnapshot } from '../src/shared/compare';
import type { CostQuote } from '../src/shared/reports';
import { buildCompareModel } from '../src/shared/compareModel';
import { historySeries } from '../src/shared/reportModel/series';
import { productionHarness, type ProductionHarness } from './productionHarness';

let h: ProductionHarness;
beforeEach(async () => {
  h = await productionHarness();
});
afterEach(() => h?.close());

async function snapshotOf(network: string, account: string): Promise<SnapshotDetail> {
  const quote = await h.call<CostQuote>('reports:quote', { network, account });
  await h.call('reports:fetch', { network, account, confirmedCost: quote.cost });
  const [latest] = await h.call<LatestSnapshot[]>('compare:latest', { accounts: [{ network, account }] });
  return (await h.call<SnapshotDetail>('reports:snapshot', { id: latest!.snapshotId }))!;
}

const historyCalls = () => h.sim.state.calls.get('auditor.instagramHistory') ?? 0;

describe('Compare finds every series a report has', () => {
  it('the engagement series the History tab draws is in the comparison; a snapshot never asks the API for it', async () => {
    const cristiano = await snapshotOf('instagram', 'cristiano');
    const natgeo = await snapshotOf('instagram', 'natgeo');
    // Nothing cached yet: said as none, and reading the snapshot asked the API for nothing.
    const before = historyCalls();
    expect((await h.call<SnapshotDetail>('reports:snapshot', { id: cristiano.id }))!.history).toBeNull();
    expect(buildCompareModel([cristiano, natgeo], [], '30d').series.engagement).toEqual([]);
    expect(historyCalls()).toBe(before);

    // The History tab opens (free: the report is unlocked) and draws its series.
    const doc = (await h.call<CompanionDocument<HistoryView>>('history:get', { network: 'instagram', account: 'cristiano', confirmedCost: 0 }))!;
    const drawn = historySeries('instagram', doc.view).find((s) => s.key === 'history.er');
    expect(drawn?.points.length).toBeGreaterThan(1);

    const withHistory = (await h.call<SnapshotDetail>('reports:snapshot', { id: cristiano.id }))!;
    const er = withHistory.history?.series.find((s) => s.metric === 'er');
    expect(er?.points.length).toBeGreaterThan(1);
    // As of the snapshot: no point after its fetch.
    expect(er!.points.every((p) => p.time <= cristiano.fetchedAt)).toBe(true);
    expect(historyCalls()).toBe(before + 1);

    const model = buildCompareModel([withHistory, natgeo], [], '30d');
    const engagement = model.series.engagement;
    expect(engagement.map((s) => s.column)).toEqual([0]);
    expect(engagement[0]!.unit).toBe('percent');
    // The points the History tab draws, up to the snapshot.
    expect(engagement[0]!.points).toEqual(drawn!.points.filter((p) => p.time <= cristiano.fetchedAt));
  });
});
