// Types shared by the API client's schemas, the cache and the services.

import type { Network, ReportState, ReportSummary } from '@shared/reports';

export { networks } from '@shared/reports';
export type { Network, ReportState, ReportSummary } from '@shared/reports';

export interface ParsedReport {
  network: Network;
  state: ReportState;
  /** `report_quality` or `_report_quality`. */
  quality: string | null;
  /** Access ends (epoch ms): `validUntil` read as a duration or a unix time. */
  validUntil: number | null;
  restTokens: number | null;
  /** Seconds to wait before asking again, when NOT_READY. */
  retryTtlSec: number | null;
  highDemand: boolean;
  /** For TikTok: which report was unlocked. */
  tiktokType: 'report' | 'advanced_report' | null;
  /** Null while NOT_READY. */
  summary: ReportSummary | null;
  /** The whole `result` object, normalised, unknown fields kept: what the cache stores raw. */
  result: Record<string, unknown>;
}
