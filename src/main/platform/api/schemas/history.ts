// Metrics history (spec 2.9) of Instagram and Twitter accounts: one series of points per metric.
import { z } from 'zod';
import { checkedTree, num, obj, path, str, time } from './common';
import { guard, SchemaError } from './errors';
import { at, entries, epochMs, firstOf, listAt, numAt, type Json } from './normalise';

export interface HistoryPoint {
  /** Epoch ms. */
  time: number;
  value: number | null;
}

export interface MetricsHistory {
  /** Metric name (er, subscribers_count, …) → points, oldest first. */
  series: Record<string, HistoryPoint[]>;
  restTokens: number | null;
  raw: Json;
}

const historyPoint = z.looseObject({ value: num, timestamp: time, time: time, time_iso: str });
const historyBody = z.looseObject({
  metrics_history: z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), z.record(z.string(), obj({ history: z.array(historyPoint).nullish() }))),
  restTokens: num,
});

function parseHistory(what: string, json: unknown): MetricsHistory {
  return guard(what, () => {
    const { raw, prefix } = checkedTree(json, what, historyBody);
    const series: Record<string, HistoryPoint[]> = {};
    const problems: string[] = [];
    for (const [name, entry] of entries(raw.metrics_history)) {
      const points: HistoryPoint[] = [];
      listAt(entry, 'history').forEach((point, i) => {
        // Instagram stamps points with `timestamp` (unix), Twitter with `time_iso`, YouTube with both `time` and `time_iso`.
        const t = firstOf(epochMs(at(point, 'timestamp')), epochMs(at(point, 'time')), epochMs(at(point, 'time_iso')), epochMs(at(point, 'date')));
        if (t === null) problems.push(`${path(prefix, 'metrics_history', name, 'history', i)}: no readable time (timestamp, time or time_iso)`);
        else points.push({ time: t, value: numAt(point, 'value') });
      });
      series[name] = points.sort((a, b) => a.time - b.time);
    }
    if (problems.length > 0) throw new SchemaError(what, problems);
    return { series, restTokens: numAt(raw, 'restTokens'), raw };
  });
}

export function parseInstagramHistory(json: unknown): MetricsHistory {
  return parseHistory('Instagram metrics history', json);
}

export function parseTwitterHistory(json: unknown): MetricsHistory {
  return parseHistory('Twitter metrics history', json);
}
