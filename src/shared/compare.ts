// What a comparison is, for main and the renderer alike. Pure data: no imports but types.
import type { Network } from './reports';

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
