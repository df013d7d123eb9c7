// A local implementation of the remote API (shared/spec/api-reference.md), for the demo
// workspace and for every test. Listens on loopback only. Faithful where the spec is precise,
// and hostile on purpose where a real API misbehaves: faults, slowness, rate limits, expiring
// links, both delivery forms of undocumented errors.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { authenticate } from './accounts';
import { SimClock } from './clock';
import { apiError, EXPIRY_PLACEHOLDER, linkExpirySeconds, type Sim, type SimOptions, type SimRequest, type SimResponse, type SimRoute } from './context';
import type { CdnLinker } from './data/cdn';
import { networks, Rng, type Network } from './data/random';
import { pictureFor } from './png';
import { competitorRoute } from './routes/competitor';
import { discoveryRoutes } from './routes/discovery';
import { planInfoRoute } from './routes/planInfo';
import { pdfFile, reportRoutes } from './routes/reports';
import { SimState, type SimStateOptions } from './state';
import { SimStateFile, type SimLog } from './stateFile';

export type { SimRequest, SimResponse, SimRoute } from './context';

/** Operations under /api/method/<name>/, by name. */
const methodRoutes: Record<string, SimRoute> = {
  'auditor.planInfo': planInfoRoute,
  ...reportRoutes,
  ...discoveryRoutes,
};

export const faultKinds = ['500', '502', 'timeout', 'reset', 'malformed', '429', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface SimulatorOptions extends SimStateOptions {
  port?: number;
  host?: string;
  /** How long a report stays NOT_READY (default 3000 ms). */
  generationMs?: number;
  /** How long a PDF export answers 202 (default: generationMs). */
  pdfMs?: number;
  /** How long a competitor analysis stays in state 0 (default: generationMs). */
  analysisMs?: number;
  /** Simulated "now" at start (epoch ms); defaults to the real time. */
  clock?: number;
  /** Share of requests (0–1) that get a random fault from `faultKinds`. */
  faultRate?: number;
  /** Which faults `faultRate` picks from (default: all). */
  faultTypes?: readonly FaultKind[];
  /** Added to every answer. */
  latencyMs?: number;
  /** How long a `slow` fault delays its answer (default 2000 ms). */
  slowMs?: number;
  highDemand?: boolean;
  /** Seed for the random faults, for reproducible runs. */
  seed?: string;
  /**
   * Where the simulator keeps its state across restarts (stateFile.ts): read at start, when it
   * is there, and written before any answer that changed it. A resumed state keeps its balances
   * and clock: the credit options and `clock` only shape a fresh one.
   */
  stateFile?: string;
  /** Where the state file's problems and resumes are told (default: nowhere). */
  logger?: SimLog;
}

export interface SimulatorHandle {
  url: string;
  port: number;
  state: SimState;
  clock: SimClock;
  advanceClock(ms: number): void;
  setHighDemand(on: boolean): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

function makeCdn(origin: () => string): CdnLinker {
  const link = (kind: string, network: Network, key: string) =>
    `${origin()}/cdn/${kind}/${network}/${encodeURIComponent(key)}.png?exp=${EXPIRY_PLACEHOLDER}`;
  return { avatar: (n, k) => link('avatar', n, k), thumbnail: (n, k) => link('thumb', n, k) };
}

function serialise(sim: Sim, response: SimResponse): { body: Buffer; type: string } {
  if (Buffer.isBuffer(response.body)) return { body: response.body, type: response.contentType ?? 'application/octet-stream' };
  let text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  if (text.includes(EXPIRY_PLACEHOLDER)) text = text.replaceAll(EXPIRY_PLACEHOLDER, String(linkExpirySeconds(sim)));
  return { body: Buffer.from(text), type: response.contentType ?? 'application/json; charset=utf-8' };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw new BodyError('Invalid request: body too large');
  return Buffer.concat(chunks);
}

class BodyError extends Error {}

/** Query string, form, multipart and JSON bodies, as the API takes them (spec section 4). */
async function parseRequest(req: http.IncomingMessage, url: URL): Promise<{ params: URLSearchParams; json: unknown }> {
  const params = new URLSearchParams(url.searchParams);
  if (req.method !== 'POST') return { params, json: undefined };
  const raw = await readBody(req);
  const type = (header(req, 'content-type') ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) params.set(k, v);
    return { params, json: undefined };
  }
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new BodyError('Invalid request: multipart body could not be read');
    }
    for (const [k, v] of form) if (typeof v === 'string') params.set(k, v);
    return { params, json: undefined };
  }
  const text = raw.toString('utf8').trim();
  // JSON bodies (search, competitor analysis), also sent with no content type at all.
  if (text && (type.startsWith('application/json') || type === '' || type.startsWith('text/plain'))) {
    try {
      return { params, json: JSON.parse(text) };
    } catch {
      throw new BodyError('Invalid request: body is not valid JSON');
    }
  }
  return { params, json: undefined };
}

async function cdnResponse(sim: Sim, url: URL): Promise<SimResponse> {
  const match = /^\/cdn\/(avatar|thumb|pdf)\/([a-z]+)\/([^/]+)\.(png|pdf)$/.exec(url.pathname);
  const network = match?.[2] as Network | undefined;
  if (!match || !network || !(networks as readonly string[]).includes(network)) return { status: 404, body: 'Not found', contentType: 'text/plain' };
  const exp = Number(url.searchParams.get('exp'));
  if (!Number.isFinite(exp) || sim.clock.now() / 1000 > exp) {
    return { status: 403, body: 'AccessDenied: this link has expired', contentType: 'text/plain' };
  }
  const key = decodeURIComponent(match[3]!);
  if (match[1] === 'pdf') {
    return { status: 200, body: Buffer.from(await pdfFile(sim, network, key)), contentType: 'application/pdf' };
  }
  const [w, h] = match[1] === 'avatar' ? [96, 96] : [320, 180];
  return { status: 200, body: pictureFor(`${network}/${key}`, w, h), contentType: 'image/png' };
}

/**
 * The PDF link of an account named `…_endless_pdf` is a hostile CDN: a PDF header, then padding
 * for ever, with no length declared. A download must stop at its cap, not fill the memory or disk.
 */
const ENDLESS_PDF = /^\/cdn\/pdf\/[a-z]+\/[^/]*_endless_pdf\.pdf$/;

function endlessPdf(res: http.ServerResponse, state: SimState): void {
  res.writeHead(200, { 'content-type': 'application/pdf' });
  res.write('%PDF-1.4\n');
  const padding = Buffer.alloc(256 * 1024, 0x20);
  let closed = false;
  res.on('close', () => (closed = true));
  const pump = () => {
    for (;;) {
      if (closed) return;
      state.endlessPdfBytes += padding.length;
      if (!res.write(padding)) break;
    }
    if (!closed) res.once('drain', pump);
  };
  pump();
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const state = new SimState(options);
  state.highDemand = options.highDemand ?? false;
  const clock = new SimClock(options.clock);
  const stateFile = options.stateFile ? new SimStateFile(options.stateFile, state, clock, options.logger ?? { info: () => {}, warn: () => {} }) : null;
  stateFile?.load();
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const generationMs = options.generationMs ?? 3000;
  const simOptions: SimOptions = {
    generationMs,
    pdfMs: options.pdfMs ?? generationMs,
    analysisMs: options.analysisMs ?? generationMs,
  };
  const sim: Sim = { state, clock, options: simOptions, cdn: makeCdn(() => origin), origin: () => origin };
  const faultRng = new Rng(options.seed ?? 'faults');
  const faultTypes = options.faultTypes ?? faultKinds;
  const heldSockets = new Set<Socket>();

  function pickFault(req: http.IncomingMessage): FaultKind | null {
    const asked = header(req, 'x-sim-fault');
    if (asked && (faultKinds as readonly string[]).includes(asked)) return asked as FaultKind;
    if (options.faultRate && faultRng.next() < options.faultRate) return faultRng.pick(faultTypes);
    return null;
  }

  async function route(req: http.IncomingMessage, url: URL): Promise<SimResponse> {
    if (url.pathname.startsWith('/cdn/')) return cdnResponse(sim, url);
    const method = req.method === 'POST' ? 'POST' : req.method === 'GET' ? 'GET' : null;
    let found: { route: SimRoute; name: string; rest: string } | null = null;
    const apiMatch = /^\/api\/method\/([A-Za-z.]+)\/?$/.exec(url.pathname);
    if (apiMatch) {
      const r = methodRoutes[apiMatch[1]!];
      if (r) found = { route: r, name: apiMatch[1]!, rest: '' };
    } else if (url.pathname.startsWith('/api/marketanalysis/')) {
      const r = competitorRoute(url.pathname.slice('/api/marketanalysis/'.length));
      if (r) found = { route: r.route, name: 'marketanalysis', rest: r.rest };
    }
    if (!found) return apiError(404, 1, `Unknown path ${url.pathname}`);
    if (!method || !found.route.methods.includes(method)) return apiError(405, 8, 'Invalid request: method not allowed');

    const accountId = header(req, 'x-auth-id');
    const auth = authenticate(accountId, header(req, 'x-auth-token'));
    if ('refusal' in auth) return apiError(auth.refusal.status, auth.refusal.code, auth.refusal.description);

    let parsed: { params: URLSearchParams; json: unknown };
    try {
      parsed = await parseRequest(req, url);
    } catch (error) {
      if (error instanceof BodyError) return apiError(400, 8, error.message);
      throw error;
    }
    state.countCall(found.name);
    const request: SimRequest = { method, params: parsed.params, json: parsed.json, pathRest: found.rest, accountId: accountId!, sim };
    return found.route.handle(request);
  }

  function send(res: http.ServerResponse, response: SimResponse): void {
    const { body, type } = serialise(sim, response);
    res.writeHead(response.status, { 'content-type': type, 'content-length': body.length, ...response.headers });
    res.end(body);
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    if (ENDLESS_PDF.test(url.pathname)) return endlessPdf(res, state);
    const fault = url.pathname.startsWith('/cdn/') ? null : pickFault(req);
    // Faults that happen before the API does anything: nothing is charged.
    if (fault === '500') return send(res, apiError(500, 1, 'Unknown error occurred'));
    if (fault === '502') return send(res, { status: 502, body: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' });
    if (fault === '429') {
      return send(res, { status: 429, body: { error: { code: 429, description: 'Too many requests' } }, headers: { 'retry-after': '1' } });
    }
    const response = await route(req, url);
    // On disk before the client hears of it: a client that cached what this answer sold must
    // find it sold after a restart, however soon the restart comes.
    if (stateFile) await stateFile.save();
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    // Faults that happen after the API did its work: the client cannot know what it was charged.
    if (fault === 'reset') return void req.socket.destroy();
    if (fault === 'timeout') {
      heldSockets.add(req.socket);
      req.socket.once('close', () => heldSockets.delete(req.socket));
      return;
    }
    if (fault === 'malformed') {
      const { body } = serialise(sim, response);
      return send(res, { status: 200, body: body.subarray(0, Math.max(1, Math.floor(body.length / 2))).toString('utf8'), contentType: 'application/json' });
    }
    if (fault === 'slow') await new Promise((r) => setTimeout(r, options.slowMs ?? 2000));
    send(res, response);
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) send(res, apiError(500, 1, 'Unknown error occurred'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  return {
    url: origin,
    port,
    state,
    clock,
    advanceClock: (ms) => {
      clock.advance(ms);
      state.touch();
    },
    setHighDemand: (on) => void (state.highDemand = on),
    close: async () => {
      await new Promise<void>((resolve) => {
        for (const socket of heldSockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // Changes made through the handle (a test's advanceClock) are kept too.
      await stateFile?.save();
    },
  };
}
