// What a comparison is, for main and the renderer alike. Pure data: no imports but types.
import type { Network } from './reports';
import type { TeamStamp } from './teamSeen';

export const COMPARE_MIN = 2,
  COMPARE_MAX = 10;
export const comparePeriods = ['7d', '30d', '90d', '180d', '365d'] as const;
export type ComparePeriod = (typeof comparePeriods)[number];

/** One account in a comparison, pinned to the snapshot it was made from ("as of"). */
export interface ComparisonItem {
  network: Network;
  accountKey: string;
  snapshotId: number;
  note: string;
}

export interface SavedComparison {
  id: number;
  name: string;
  period: ComparePeriod;
  items: ComparisonItem[];
  createdAt: number;
  updatedAt: number;
  /** In a Team workspace, once shared: its version and who last changed `name`, `period` or a `note:<network>:<account>` (a teammate). */
  team?: TeamStamp;
}

/**
 * What a comparison's editor showed when the researcher began (sent with `compare:save`): its
 * `team.version`, name, period and each account's note by `network:accountKey`.
 */
export interface ComparisonSeen {
  version: number;
  name: string;
  period: ComparePeriod;
  notes: Record<string, string>;
}

/** An account's note as a field of the comparison (the team's name for it). */
export const comparisonNoteField = (item: { network: Network; accountKey: string }): string => `note:${item.network}:${item.accountKey}`;

/** What an editor edits of a comparison, by the team's field names (name, period, one note per account). */
export function comparisonFields(c: { name: string; period: ComparePeriod; items: readonly { network: Network; accountKey: string; note: string }[] }): Record<string, string> {
  const out: Record<string, string> = { name: c.name, period: c.period };
  for (const i of c.items) out[comparisonNoteField(i)] = i.note;
  return out;
}

/** `ComparisonSeen` in the same field names. */
export function seenComparisonFields(seen: ComparisonSeen): Record<string, string> {
  const out: Record<string, string> = { name: seen.name, period: seen.period };
  for (const [key, note] of Object.entries(seen.notes)) out[`note:${key}`] = note;
  return out;
}

/** What an editor showing `view` sends as seen. */
export function comparisonSeen(view: Pick<SavedComparison, 'name' | 'period' | 'items' | 'team'>): ComparisonSeen {
  return { version: view.team?.version ?? 0, name: view.name, period: view.period, notes: Object.fromEntries(view.items.map((i) => [`${i.network}:${i.accountKey}`, i.note])) };
}

/** A saved comparison with, per item, the newest snapshot when it is newer than the pinned one. */
export interface ComparisonView extends SavedComparison {
  newer: { network: Network; accountKey: string; snapshotId: number; fetchedAt: number }[];
}

export interface LatestSnapshot {
  network: Network;
  accountKey: string;
  snapshotId: number;
  fetchedAt: number;
}
