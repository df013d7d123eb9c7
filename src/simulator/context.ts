// What every route handler gets: the parsed request and the simulator it runs in.
import type { CdnLinker } from './data/cdn';
import type { SimClock } from './clock';
import type { SimState } from './state';
import { DAY_MS } from './clock';

/** Placeholder in generated JSON for a picture link's expiry, filled in when the answer is sent. */
export const EXPIRY_PLACEHOLDER = '__EXP__';

/** Picture links live 28 simulated days from when they are handed out (spec section 1). */
export function linkExpirySeconds(sim: { clock: { now(): number } }): number {
  return Math.floor((sim.clock.now() + 28 * DAY_MS) / 1000);
}

export interface SimOptions {
  generationMs: number;
  pdfMs: number;
  analysisMs: number;
}

export interface Sim {
  state: SimState;
  clock: SimClock;
  options: SimOptions;
  cdn: CdnLinker;
  /** The simulator's own origin, for links it hands out (PDFs). */
  origin(): string;
}

export interface SimRequest {
  method: 'GET' | 'POST';
  /** Query string and form fields together, as the API accepts either. */
  params: URLSearchParams;
  /** A JSON body, parsed; undefined for other bodies. */
  json: unknown;
  /** The path segment after the operation, e.g. a competitor report id. */
  pathRest: string;
  accountId: string;
  sim: Sim;
}

export interface SimResponse {
  status: number;
  /** JSON body; a Buffer is sent as is with `contentType`. */
  body: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface SimRoute {
  methods: readonly ('GET' | 'POST')[];
  handle(request: SimRequest): SimResponse | Promise<SimResponse>;
}

export function apiError(status: number, code: number | string, description: string): SimResponse {
  return { status, body: { error: { code, description } } };
}

/** HTTP 400 code 8, the API's answer to missing or wrong parameters. */
export function invalidRequest(description = 'Invalid request'): SimResponse {
  return apiError(400, 8, description);
}

export function ok(result: unknown, status = 200): SimResponse {
  return { status, body: { result } };
}
