// The paid operations of an account's report and what hangs off it.
import { definePaidOperation } from '../../kernel/paidOperation';
import { defineJob } from '../../kernel/jobs';
import type { Network, TiktokReportType } from '@shared/reports';

/** A report: unlocks the account for a year (spec 3), a credit of the network's kind. */
export const reportOperation = definePaidOperation({ name: 'report', what: 'report', balance: 'credits', cost: 'quoted' });
/** Metrics history (Instagram, Twitter): unlocks the report, so it costs like one. */
export const historyOperation = definePaidOperation({ name: 'history', what: 'metrics history', balance: 'credits', cost: 'quoted' });
/** Media of an unlocked report: the reference leaves its cost open. */
export const mediaOperation = definePaidOperation({ name: 'media', what: 'media', balance: 'credits', cost: 'observed' });
/** Brand mentions (TikTok, YouTube): free as far as the reference says; observed all the same. */
export const mentionsOperation = definePaidOperation({ name: 'mentions', what: 'brand mentions', balance: 'credits', cost: 'observed' });

/** A report's fetch: a TikTok mini and advanced report are two pieces of work; every other network has one report. */
export const reportJob = defineJob('report', (ref: { network: Network; key: string; tiktokType?: TiktokReportType | null }) =>
  `${ref.network}:${ref.key}${ref.network === 'tiktok' ? `:${ref.tiktokType ?? 'advanced_report'}` : ''}`,
);
/** A batch of report fetches, by its run id. */
export const fetchManyJob = defineJob('fetchMany', (runId: string) => runId);
