// Browser mode's transport: the built renderer and the contract over HTTP on 127.0.0.1 only.
// Every request needs the per-launch session token (a cookie after the first visit, or a Bearer
// header), and a request whose Host or Origin is not this server is refused, so a web page on
// another origin cannot reach it even through DNS rebinding.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import type { EventBus } from '../services/eventBus';
import type { Logger } from '../log';
import type { Dispatch } from './handlers';
import { CONTENT_SECURITY_POLICY } from '@shared/securityPolicy';

export const SESSION_COOKIE = 'scout_session';
const MAX_RPC_BODY = 1024 * 1024;

export interface LoopbackServerOptions {
  dispatch: Dispatch;
  events: EventBus;
  logger: Logger;
  /** The built renderer (out/renderer); absent for API-only use in tests. */
  rendererDir?: string;
  port?: number;
  /** Fixed token for tests; otherwise 32 random bytes per launch. */
  token?: string;
}

export interface LoopbackServer {
  /** The address to give the researcher: it carries the token once. */
  launchUrl: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const securityHeaders: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const token = options.token ?? crypto.randomBytes(32).toString('base64url');
  options.logger.registerSecret(token);
  const tokenBuffer = Buffer.from(token);
  const serveStatic = options.rendererDir
    ? sirv(options.rendererDir, { single: true, dev: false, etag: true, gzip: false, brotli: false })
    : null;
  const sseClients = new Set<http.ServerResponse>();
  let allowedHosts = new Set<string>();

  const server = http.createServer((req, res) => {
    for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
    route(req, res).catch((error: unknown) => {
      options.logger.error('browser-mode request failed', error);
      if (!res.headersSent) text(res, 500, 'Internal error');
      else res.end();
    });
  });

  function tokenMatches(candidate: string | undefined | null): boolean {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === tokenBuffer.length && crypto.timingSafeEqual(given, tokenBuffer);
  }

  function authorised(req: http.IncomingMessage): boolean {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ') && tokenMatches(auth.slice(7))) return true;
    return tokenMatches(readCookie(req.headers.cookie, SESSION_COOKIE));
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // DNS rebinding: a foreign page resolving its own name to 127.0.0.1 still sends its own Host.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      return text(res, 421, 'Scout refuses requests for another host name.');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(originHost(origin))) {
      return text(res, 403, 'Scout refuses requests from another origin.');
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);

    // The printed launch URL carries the token once: trade it for a cookie and drop it from
    // the address bar, so it does not linger in history or get copied along with a link.
    const offered = url.searchParams.get('token');
    if (offered !== null && req.method === 'GET') {
      if (!tokenMatches(offered)) return unauthorised(res);
      url.searchParams.delete('token');
      res.setHeader('set-cookie', `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      res.writeHead(303, { location: url.pathname + url.search, 'cache-control': 'no-store' });
      return void res.end();
    }
    if (!authorised(req)) return unauthorised(res);

    if (url.pathname.startsWith('/rpc/')) return rpc(req, res, decodeURIComponent(url.pathname.slice(5)));
    if (url.pathname === '/events') return eventStream(req, res);
    if (serveStatic && (req.method === 'GET' || req.method === 'HEAD')) {
      return serveStatic(req, res, () => text(res, 404, 'Not found'));
    }
    text(res, 404, 'Not found');
  }

  async function rpc(req: http.IncomingMessage, res: http.ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') return text(res, 405, 'Use POST');
    // A JSON content type cannot be sent cross-origin without a preflight, which this server never grants.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return text(res, 415, 'Send application/json');
    }
    let payload: unknown;
    try {
      const body = await readBody(req, MAX_RPC_BODY);
      payload = body.length ? JSON.parse(body) : {};
    } catch (error) {
      return json(res, 400, {
        ok: false,
        error: { code: 'INVALID_INPUT', message: `The request could not be read: ${(error as Error).message}` },
      });
    }
    json(res, 200, await options.dispatch(channel, payload));
  }

  function eventStream(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    sseClients.add(res);
    req.on('close', () => sseClients.delete(res));
  }

  const unsubscribe = options.events.subscribe((event) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const client of sseClients) client.write(frame);
  });
  // Proxies and idle timers close quiet connections; a comment every 25 s keeps the stream open.
  const heartbeat = setInterval(() => {
    for (const client of sseClients) client.write(': ping\n\n');
  }, 25_000);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;

  return {
    launchUrl: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        clearInterval(heartbeat);
        for (const client of sseClients) client.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function originHost(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' ? url.host.toLowerCase() : '';
  } catch {
    return '';
  }
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  // An oversized body is read to its end and dropped, so the caller gets a clear answer instead
  // of a reset connection; only callers holding the session token get this far.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw new Error(`it is larger than ${limit / 1024} KiB`);
  return Buffer.concat(chunks).toString('utf8');
}

function text(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body + '\n');
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(payload);
}

function unauthorised(res: http.ServerResponse): void {
  text(res, 401, 'Scout needs its session token: open the address printed by `npm run serve` (it carries the token).');
}
