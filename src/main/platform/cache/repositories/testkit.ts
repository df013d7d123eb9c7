// For the repositories' tests and benchmarks: temporary file databases and realistic
// ParsedReport inputs built by hand from the simulator's generators (no API client involved).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Network, ParsedReport, ReportState, ReportSummary } from '../../api/types';
import { testCdn } from '../../../../simulator/data/cdn';
import { accountProfile } from '../../../../simulator/data/profile';
import { generateReportBody } from '../../../../simulator/data/reports';
import { openDatabase, type Db } from '../database';

/** A fixed "today": 4 July 2026, 12:30 UTC. */
export const NOW = Date.UTC(2026, 6, 4, 12, 30);
export const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;

export interface TempDatabase {
  db: Db;
  file: string;
  dir: string;
  /** Closes the database and removes its folder. */
  dispose(): void;
}

/** A real file database (WAL, every migration) in a fresh temporary folder. */
export function tempDatabase(prefix = 'scout-cache-'): TempDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'scout.sqlite');
  const db = openDatabase(file);
  return {
    db,
    file,
    dir,
    dispose() {
      if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The report summary the client's schema would extract, filled from the simulator's profile. */
export function summaryOf(network: Network, name: string): ReportSummary {
  const p = accountProfile(network, name);
  return {
    network,
    accountId: p.id,
    username: p.username,
    title: p.title,
    description: p.description,
    avatarUrl: testCdn.avatar(network, network === 'youtube' ? p.id : p.username),
    verified: p.verified,
    followers: p.followers,
    engagementRate: p.er,
    engagementRateBasis: 'overall',
    growthPrc: p.growth30d,
    avgViews: p.avgViews,
    avgLikes: p.avgLikes,
    avgComments: p.avgComments,
    audienceQuality: p.aqs,
    country: p.country,
    language: p.language,
  };
}

export interface ReportOptions {
  now?: number;
  state?: Exclude<ReportState, 'NOT_READY'>;
  tiktokType?: 'report' | 'advanced_report';
  /** Use this body instead of generating one (benchmarks reuse one per network). */
  body?: Record<string, unknown>;
  summary?: Partial<ReportSummary>;
}

/** A READY report as the client would parse it: the simulator's body in the server's envelope. */
export function parsedReport(network: Network, name: string, options: ReportOptions = {}): ParsedReport {
  const now = options.now ?? NOW;
  const state = options.state ?? 'READY';
  const body = options.body ?? generateReportBody({ network, name, now, cdn: testCdn, lowConfidence: state !== 'READY', tiktokType: options.tiktokType });
  const quality = state === 'READY' ? 'high' : 'low';
  const validUntil = now + YEAR_MS;
  const envelope: Record<string, unknown> =
    network === 'instagram'
      ? { report_state: state, restTokens: 100, _report_quality: quality, validUntil: YEAR_MS / 1000 }
      : { report_state: state, restTokens: 100, report_quality: quality, validUntil: Math.floor(validUntil / 1000) };
  const tiktokType = network === 'tiktok' ? (options.tiktokType ?? 'advanced_report') : null;
  if (tiktokType) envelope.type = tiktokType;
  return {
    network,
    state,
    quality,
    validUntil,
    restTokens: 100,
    retryTtlSec: null,
    highDemand: false,
    tiktokType,
    summary: { ...summaryOf(network, name), ...options.summary },
    result: { ...envelope, ...body },
  };
}

/** A NOT_READY answer (nothing to keep). */
export function notReadyReport(network: Network): ParsedReport {
  return {
    network,
    state: 'NOT_READY',
    quality: null,
    validUntil: null,
    restTokens: 99,
    retryTtlSec: 30,
    highDemand: false,
    tiktokType: null,
    summary: null,
    result: { report_state: 'NOT_READY', retryTtl: 30, restTokens: 99 },
  };
}

/** The p-th percentile (0–100) of some timings. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `fn` `runs` times after `warmup` runs; the timings in ms. */
export function time(runs: number, fn: (i: number) => void, warmup = 20): number[] {
  for (let i = 0; i < warmup; i++) fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(i);
    out.push(performance.now() - start);
  }
  return out;
}
