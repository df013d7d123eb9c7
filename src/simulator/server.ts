// A local implementation of the remote API, for the demo workspace and for every test.
// Listens on loopback only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate } from './accounts';
import { SimState, type SimStateOptions } from './state';
import { planInfoRoute } from './routes/planInfo';

export interface SimRequest {
  method: string;
  /** Query string and form fields together, as the API accepts either. */
  params: URLSearchParams;
  state: SimState;
}

export interface SimResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface SimRoute {
  methods: readonly ('GET' | 'POST')[];
  handle(request: SimRequest): SimResponse | Promise<SimResponse>;
}

/** Operations under /api/method/<name>/, by name. The Simulator issue fills in the rest. */
const methodRoutes: Record<string, SimRoute> = {
  'auditor.planInfo': planInfoRoute,
};

export interface SimulatorOptions extends SimStateOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
}

export interface SimulatorHandle {
  url: string;
  port: number;
  state: SimState;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function send(res: http.ServerResponse, response: SimResponse): void {
  const payload = JSON.stringify(response.body);
  res.writeHead(response.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...response.headers,
  });
  res.end(payload);
}

function apiError(status: number, code: number, description: string): SimResponse {
  return { status, body: { error: { code, description } } };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: http.IncomingMessage, state: SimState, latencyMs: number): Promise<SimResponse> {
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const match = /^\/api\/method\/([A-Za-z.]+)\/?$/.exec(url.pathname);
  if (!match) return apiError(404, 1, `Unknown path ${url.pathname}`);
  const name = match[1]!;
  const route = methodRoutes[name];
  if (!route) return apiError(404, 1, `Unknown method ${name}`);
  const method = req.method === 'POST' ? 'POST' : req.method === 'GET' ? 'GET' : null;
  if (!method || !route.methods.includes(method)) return apiError(405, 8, 'Invalid request');

  const auth = authenticate(header(req, 'x-auth-id'), header(req, 'x-auth-token'));
  if ('refusal' in auth) return apiError(auth.refusal.status, auth.refusal.code, auth.refusal.description);

  const params = new URLSearchParams(url.searchParams);
  if (method === 'POST') {
    const body = await readBody(req);
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
    }
  }
  if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
  state.countCall(name);
  return route.handle({ method, params, state });
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const state = new SimState(options);
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    handle(req, state, options.latencyMs ?? 0).then(
      (response) => send(res, response),
      () => send(res, apiError(500, 1, 'Unknown error occurred')),
    );
  });
  // Keep-alive sockets would hold close() open for seconds; the API client reuses them anyway.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
