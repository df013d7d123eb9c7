// Test helpers: realistic answers built from the simulator's data generators, wrapped the way
// its server wraps them (routes/reports.ts reportAnswer), and an in-process simulator for the
// routes whose answers depend on its state (creators, competitor analysis, PDFs).
import { expect } from 'vitest';
import { ZodError } from 'zod';
import { testCdn } from '../../../../simulator/data/cdn';
import { SchemaError } from './errors';
import { generateReportBody, type ReportInput } from '../../../../simulator/data/reports';
import type { Network } from '../types';
import { SimClock } from '../../../../simulator/clock';
import type { Sim, SimResponse, SimRoute } from '../../../../simulator/context';
import { SimState } from '../../../../simulator/state';

/** A fixed "today": 4 July 2026, 12:30 UTC (the simulator's own tests use it too). */
export const NOW = Date.UTC(2026, 6, 4, 12, 30);
export const YEAR_MS = 365 * 86_400_000;

export function input(network: Network, name: string, extra: Partial<ReportInput> = {}): ReportInput {
  return { network, name, now: NOW, cdn: testCdn, lowConfidence: false, ...extra };
}

export interface EnvelopeOptions {
  lowConfidence?: boolean;
  tiktokType?: 'report' | 'advanced_report';
  highDemand?: boolean;
  restTokens?: number;
  /** When the check was paid for (validity runs a year from it); default NOW. */
  checkedAt?: number;
}

/** The server's READY answer: `{result: {report_state, restTokens, quality, validUntil, type?, highDemand?, …body}}`. */
export function readyAnswer(network: Network, name: string, options: EnvelopeOptions = {}): { result: Record<string, unknown> } {
  const lowConfidence = options.lowConfidence ?? false;
  const body = generateReportBody(input(network, name, { lowConfidence, tiktokType: network === 'tiktok' ? (options.tiktokType ?? 'advanced_report') : undefined }));
  const validUntilMs = (options.checkedAt ?? NOW) + YEAR_MS;
  const envelope: Record<string, unknown> = { report_state: lowConfidence ? 'READY_LOW_CONFIDENCE' : 'READY', restTokens: options.restTokens ?? 999 };
  const quality = lowConfidence ? 'low' : 'high';
  if (network === 'instagram') {
    envelope._report_quality = quality;
    envelope.validUntil = Math.round((validUntilMs - NOW) / 1000);
  } else {
    envelope.report_quality = quality;
    envelope.validUntil = Math.floor(validUntilMs / 1000);
  }
  if (network === 'tiktok') envelope.type = options.tiktokType ?? 'advanced_report';
  if (options.highDemand) envelope.highDemand = true;
  // Through JSON, as the client receives it.
  return JSON.parse(JSON.stringify({ result: { ...envelope, ...body } })) as { result: Record<string, unknown> };
}

/** The server's NOT_READY answer. */
export function notReadyAnswer(retryTtl = 3, restTokens = 998, highDemand = false): { result: Record<string, unknown> } {
  const result: Record<string, unknown> = { report_state: 'NOT_READY', retryTtl, restTokens };
  if (highDemand) result.highDemand = true;
  return { result };
}

/** A deep copy to edit in a test. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Typed access for edits: the object at a dotted path (array steps are indices). */
export function node(value: unknown, path: string): Record<string, unknown> {
  let at: unknown = value;
  for (const step of path.split('.')) at = (at as Record<string, unknown>)[step];
  return at as Record<string, unknown>;
}

// ---- an in-process simulator ----

export interface LocalSim {
  sim: Sim;
  /** Calls a route as the server would and returns the JSON body it sends. */
  call(route: SimRoute, params?: Record<string, string>, json?: unknown, pathRest?: string): Promise<{ status: number; body: unknown }>;
}

export function localSim(options: { generationMs?: number } = {}): LocalSim {
  const generationMs = options.generationMs ?? 1000;
  const sim: Sim = {
    state: new SimState(),
    clock: new SimClock(NOW),
    options: { generationMs, pdfMs: generationMs, analysisMs: generationMs },
    cdn: testCdn,
    origin: () => 'http://sim.test',
  };
  return {
    sim,
    async call(route, params = {}, json = undefined, pathRest = '') {
      const res: SimResponse = await route.handle({
        method: json === undefined ? 'GET' : 'POST',
        params: new URLSearchParams(params),
        json,
        pathRest,
        accountId: 'demo',
        sim,
      });
      const body = Buffer.isBuffer(res.body) ? (JSON.parse(res.body.toString('utf8')) as unknown) : (JSON.parse(JSON.stringify(res.body)) as unknown);
      return { status: res.status, body };
    },
  };
}

/** Runs a parse that must fail, and returns its SchemaError's issues (never a raw ZodError). */
export function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).not.toBeInstanceOf(ZodError);
    return (error as SchemaError).issues;
  }
  throw new Error('expected a SchemaError, but the parse succeeded');
}
