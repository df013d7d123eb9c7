// Big arrays (follower charts, history points) are kept out of a snapshot's raw JSON, in
// `report_series`: the raw keeps a null in their place, so restoring them gives back the
// result exactly (same keys, same order).
import type { Network } from '../../api/types';
import { isObject, type JsonObject } from './common';

/** Per network, dotted paths inside `result`; `*` stands for every key at that level. */
export const seriesPaths: Record<Network, readonly string[]> = {
  instagram: ['user.followers_chart', 'user.following_chart'],
  youtube: ['metrics_history.*.history'],
  twitch: ['report.features.stream_viewers.data'],
  tiktok: [],
  twitter: [],
  snapchat: [],
};

export interface Series {
  /** Dotted path inside the result, e.g. `user.followers_chart`. */
  name: string;
  points: unknown[];
}

const unsafeKey = (key: string) => key.includes('.') || key === '__proto__';

function strip(node: unknown, segments: readonly string[], prefix: readonly string[], out: Series[]): unknown {
  if (!isObject(node) || segments.length === 0) return node;
  const [head, ...rest] = segments as [string, ...string[]];
  const keys = head === '*' ? Object.keys(node) : Object.hasOwn(node, head) ? [head] : [];
  let copy: JsonObject | null = null;
  for (const key of keys) {
    if (unsafeKey(key)) continue;
    const child = node[key];
    let next: unknown;
    if (rest.length === 0) {
      if (!Array.isArray(child) || child.length === 0) continue;
      out.push({ name: [...prefix, key].join('.'), points: child });
      next = null;
    } else {
      next = strip(child, rest, [...prefix, key], out);
      if (next === child) continue;
    }
    copy ??= { ...node };
    copy[key] = next;
  }
  return copy ?? node;
}

/** The result without its series (copied where changed; the input is not modified), and the series. */
export function stripSeries(network: Network, result: JsonObject): { stripped: JsonObject; series: Series[] } {
  const series: Series[] = [];
  let stripped = result;
  for (const path of seriesPaths[network] ?? []) stripped = strip(stripped, path.split('.'), [], series) as JsonObject;
  return { stripped, series };
}

/** Puts series back into a freshly parsed result (modified in place and returned). */
export function restoreSeries(result: JsonObject, series: readonly Series[]): JsonObject {
  for (const { name, points } of series) {
    const path = name.split('.');
    const last = path.pop();
    if (last === undefined || unsafeKey(last)) continue;
    let node: unknown = result;
    for (const key of path) node = isObject(node) && !unsafeKey(key) ? node[key] : undefined;
    if (isObject(node)) node[last] = points;
  }
  return result;
}
