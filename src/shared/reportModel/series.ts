// Time series (followers over time, metrics history, stream viewers) and the views-vs-likes scatter.
import { utcDay } from '@shared/calendarDay';
import type { Network } from '@shared/reports';
import type { HistoryView } from '@shared/companions';
import { metricSpec } from './catalogue';
import { arr, at, entries, epochMs, num, own, rec, str, type Rec } from './read';
import type { MetricUnit, SeriesView } from './types';

/** Points from `[{<time field>, <value field>}]`, ascending by time, unreadable points skipped. */
function points(list: unknown, timeFields: readonly string[], valueFields: readonly string[]): SeriesView['points'] {
  const out: SeriesView['points'] = [];
  for (const item of arr(list)) {
    let time: number | null = null;
    let value: number | null = null;
    for (const f of timeFields) if (time === null) time = epochMs(own(item, f));
    for (const f of valueFields) if (value === null) value = num(own(item, f));
    if (time !== null && value !== null) out.push({ time, value });
  }
  return out.sort((a, b) => a.time - b.time);
}

function push(out: SeriesView[], key: string, label: string, pts: SeriesView['points'], more: Pick<SeriesView, 'unit' | 'axisName'> = {}): void {
  if (pts.length > 0 && !out.some((s) => s.key === key)) out.push({ key, label, points: pts, ...more });
}

const TIME_FIELDS = ['time', 'timestamp', 'date', 'time_iso'] as const;

/**
 * The report's own metrics_history.{metric}.history[{time | timestamp | time_iso, value}]
 * (YouTube), one series per metric, labelled and with its unit from the catalogue. Keys are
 * `history.<metric>`. The Instagram and Twitter history answers come from main as a HistoryView
 * (historySeries below).
 */
export function metricsHistorySeries(network: Network, history: unknown): (SeriesView & { unit: MetricUnit })[] {
  const out: (SeriesView & { unit: MetricUnit })[] = [];
  for (const [key, raw] of entries(history)) {
    const spec = metricSpec(key, network);
    const pts = points(own(raw, 'history'), TIME_FIELDS, ['value']);
    if (pts.length > 0) out.push({ key: `history.${key}`, label: spec.label, unit: spec.unit, points: pts });
  }
  return out;
}

/** The History tab's series, as metricsHistorySeries labels them; points without a value are not drawn. */
export function historySeries(network: Network, view: HistoryView | null): (SeriesView & { unit: MetricUnit })[] {
  const out: (SeriesView & { unit: MetricUnit })[] = [];
  for (const { metric, points } of view?.series ?? []) {
    const spec = metricSpec(metric, network);
    const pts = points.flatMap((p) => (p.value === null ? [] : [{ time: p.time, value: p.value }]));
    if (pts.length > 0) out.push({ key: `history.${metric}`, label: spec.label, unit: spec.unit, points: pts });
  }
  return out;
}

/**
 * Every series a report has: its own (followers chart, metrics_history, stream viewers) and its
 * account's metrics history (the History tab's companion answer, Instagram and Twitter), the
 * report's own first where both give one key. The one place that says which series a report
 * has: Compare asks it, and the History tab draws historySeries, which it includes.
 */
export function reportSeries(network: Network, own: readonly SeriesView[], history: HistoryView | null | undefined): SeriesView[] {
  const out: SeriesView[] = [...own];
  for (const s of historySeries(network, history ?? null)) push(out, s.key, s.label, s.points, { unit: s.unit, axisName: s.label });
  return out;
}

export function buildSeries(network: Network, result: Rec, user: Rec | null, features: Rec | null): SeriesView[] {
  const out: SeriesView[] = [];
  if (user) {
    push(out, 'followers', 'Followers', points(own(user, 'followers_chart'), ['date', 'time', 'timestamp'], ['count', 'value']));
    push(out, 'following', 'Following', points(own(user, 'following_chart'), ['date', 'time', 'timestamp'], ['count', 'value']));
  }
  for (const s of metricsHistorySeries(network, own(result, 'metrics_history'))) {
    push(out, s.key, s.key === 'history.subscribers_count' ? `${s.label} over time` : s.label, s.points, { unit: s.unit, axisName: s.label });
  }
  // Twitch stream_viewers: viewers during recent streams. Two streams on one day are told apart
  // by their start time (each chart is a landmark named by its label, and a name is one place).
  const streams = arr(at(features, 'stream_viewers', 'data')).flatMap((stream) => {
    const id = str(own(stream, 'video_id'));
    const pts = points(own(stream, 'chart'), TIME_FIELDS, ['value']);
    return id === null || pts.length === 0 ? [] : [{ id, pts, day: utcDay(pts[0]!.time) }];
  });
  for (const { id, pts, day } of streams) {
    const shared = streams.filter((s) => s.day === day).length > 1;
    const label = shared ? `Viewers of the stream of ${day}, ${new Date(pts[0]!.time).toISOString().slice(11, 16)} UTC` : `Viewers of the stream of ${day}`;
    push(out, `stream_viewers.${id}`, label, pts, { axisName: 'Viewers' });
  }
  return out;
}

/** TikTok blogger_views_likes_chart: x = views, y = likes; null when absent or unreadable. */
export function buildScatter(features: Rec | null): { x: number; y: number }[] | null {
  const data = at(features, 'blogger_views_likes_chart', 'data');
  const out: { x: number; y: number }[] = [];
  for (const item of arr(data)) {
    const p = rec(item);
    const x = num(own(p, 'x'));
    const y = num(own(p, 'y'));
    if (x !== null && y !== null) out.push({ x, y });
  }
  return out.length > 0 ? out : null;
}
