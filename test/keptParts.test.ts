// The report page's model shows the parts Scout could not read as they came (model.kept), and
// reads no figure out of them; every other metric, breakdown and fact is as without the fault.
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/main/platform/api/schemas';
import type { ParsedReport } from '../src/main/platform/api/types';
import type { CachedReport } from '../src/shared/reports';
import { readyAnswer, NOW } from '../src/main/platform/api/schemas/testkit';
import { buildReportModel } from '../src/shared/reportModel/reportModel';

function cached(p: ParsedReport): CachedReport {
  return {
    network: p.network,
    accountKey: p.summary!.username,
    summary: p.summary!,
    state: p.state,
    quality: p.quality,
    fetchedAt: NOW,
    unlockedAt: NOW,
    validUntil: p.validUntil,
    tiktokType: p.tiktokType,
    snapshotCount: 1,
    result: p.result,
  };
}

describe('parts kept as received on the report page', () => {
  it('a feature that does not fit is listed with its reason and JSON; the rest of the model is unchanged', () => {
    const clean = buildReportModel(cached(parseReport('tiktok', readyAnswer('tiktok', 'scout_alice'), NOW)));
    const answer = readyAnswer('tiktok', 'scout_alice');
    (answer.result.report as { features: Record<string, unknown> }).features.audience_geo = { data: 'not a table' };
    (answer.result.report as { metrics: Record<string, unknown> }).metrics.shares_avg = { value: 'many' };
    const model = buildReportModel(cached(parseReport('tiktok', answer, NOW)));
    expect(model.kept).toEqual([
      { path: 'report.metrics.shares_avg', reason: 'value: expected number, received string', json: JSON.stringify({ value: 'many' }, null, 2) },
      { path: 'report.features.audience_geo', reason: expect.stringMatching(/^data: /), json: JSON.stringify({ data: 'not a table' }, null, 2) },
    ]);
    expect(clean.kept).toEqual([]);
    expect(model.metrics.map((m) => m.key)).toEqual(clean.metrics.map((m) => m.key).filter((k) => k !== 'shares_avg'));
    expect(model.breakdowns.map((b) => b.key)).toEqual(clean.breakdowns.map((b) => b.key).filter((k) => k !== 'countries'));
    expect(model.extras).toEqual(clean.extras);
  });

  it('YouTube integration price under report (real answers) is shown like the reference one', () => {
    const answer = readyAnswer('youtube', 'scout_alice');
    const reference = buildReportModel(cached(parseReport('youtube', readyAnswer('youtube', 'scout_alice'), NOW)));
    (answer.result.report as Record<string, unknown>).video_integration_price = answer.result.video_integration_price;
    delete answer.result.video_integration_price;
    const model = buildReportModel(cached(parseReport('youtube', answer, NOW)));
    expect(model.extras.find((e) => e.label === 'Integration price')).toEqual(reference.extras.find((e) => e.label === 'Integration price'));
    expect(model.extras.find((e) => e.label === 'Integration price')).toBeDefined();
  });
});
