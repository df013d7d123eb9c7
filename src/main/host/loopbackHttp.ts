// Browser mode's transport: the built renderer and the contract over HTTP on 127.0.0.1 only.
// The researcher opens a launch address that works once and for one minute; it is traded for a
// session id of its own in a cookie named after this server's port, so a second Scout in the
// same browser keeps its own session. Every other request needs that session (the cookie, or a
// Bearer header for scripts), and a request whose Host or Origin is not this server is refused,
// so a web page on another origin cannot reach it even through DNS rebinding.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import type { EventBus } from '../kernel/eventBus';
import type { Logger } from '../platform/log';
import type { Dispatch } from './handlers';
import { CONTENT_SECURITY_POLICY } from '@shared/securityPolicy';
import { DOWNLOAD_PATH_PATTERN, type ShelvedFile } from '../platform/files/downloadShelf';

/** How long a launch address works after it was printed. */
export const LAUNCH_TTL_MS = 60_000;
/** The query parameter of a launch address. */
export const LAUNCH_PARAM = 'launch';
const MAX_RPC_BODY = 1024 * 1024;
/**
 * Event streams one session may hold open: a tab needs one, a browser keeps at most six
 * connections to a host. A further one closes that session's oldest (a reloaded or leaked tab),
 * so the newest tab always has its events and a script cannot pile up streams.
 */
export const MAX_EVENT_STREAMS_PER_SESSION = 8;
/** Event streams of all sessions together; past it a new one is refused (503). */
export const MAX_EVENT_STREAMS = 64;
/**
 * Sockets the server holds at once, whoever opened them: each is a file handle, and a process
 * usually gets 1,024 of them, which the workspaces' databases and the API's connections need too.
 */
export const MAX_CONNECTIONS = 512;
/**
 * Bytes of events a stream may have waiting to be read: a client that stops reading is closed
 * rather than having every event kept for it in memory.
 */
export const MAX_EVENT_BACKLOG_BYTES = 4 * 1024 * 1024;
// Launch addresses are remembered past their minute only to say why one is refused.
const FORGET_LAUNCH_AFTER_MS = 60 * 60_000;

/**
 * Cookies are not kept apart by port: every server on 127.0.0.1 shares one jar. The port in the
 * name keeps two Scouts in one browser from overwriting each other's session.
 */
export function sessionCookieName(port: number): string {
  return `scout_session_${port}`;
}

export interface LoopbackServerOptions {
  dispatch: Dispatch;
  events: EventBus;
  logger: Logger;
  /** The built renderer (out/renderer); absent for API-only use in tests. */
  rendererDir?: string;
  port?: number;
  /** Epoch milliseconds; tests move it to expire launch addresses. */
  now?: () => number;
  /**
   * How long a client may take to send a request's headers, and the whole request: a client
   * that trickles bytes (slowloris) is cut off instead of holding a socket for ever. Tests shorten it.
   */
  requestTimeoutMs?: number;
  /** The file of an archived PDF of the active workspace, by its id; null when there is none. */
  archiveFile?: (id: number) => string | null;
  /** An export's file, by its download token, handed out once (the shelf forgets it); null when there is none. */
  download?: (token: string) => ShelvedFile | null;
}

export interface LoopbackServer {
  /** The first launch address: it opens Scout once, within LAUNCH_TTL_MS. */
  launchUrl: string;
  /** A fresh launch address (Enter in the terminal, SIGUSR2). */
  newLaunchUrl(): string;
  /** A session for a client in this process (tests, benchmarks): send it as `Authorization: Bearer …`. */
  createSession(): string;
  origin: string;
  port: number;
  cookieName: string;
  close(): Promise<void>;
}

type LaunchState = { expiresAt: number; used: boolean };
type LaunchRefusal = 'used' | 'expired' | 'unknown';

const securityHeaders: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const now = options.now ?? Date.now;
  const serveStatic = options.rendererDir
    ? sirv(options.rendererDir, { single: true, dev: false, etag: true, gzip: false, brotli: false })
    : null;
  /** Open event streams, oldest first (a Map keeps insertion order), each with its session. */
  const sseClients = new Map<http.ServerResponse, string>();
  let allowedHosts = new Set<string>();
  let cookieName = '';
  // Both kept by the SHA-256 of their value: a lookup then says nothing, through its timing,
  // about how much of a guess was right.
  const launches = new Map<string, LaunchState>();
  const sessions = new Set<string>();

  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const server = http.createServer({ headersTimeout: requestTimeout, requestTimeout, connectionsCheckingInterval: Math.min(30_000, Math.max(50, requestTimeout / 4)) }, (req, res) => {
    for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
    route(req, res).catch((error: unknown) => {
      options.logger.error('browser-mode request failed', error);
      if (!res.headersSent) text(res, 500, 'Internal error');
      else res.end();
    });
  });

  function newSecret(): string {
    const secret = crypto.randomBytes(32).toString('base64url');
    options.logger.registerSecret(secret);
    return secret;
  }

  function issueLaunch(): string {
    const at = now();
    for (const [key, launch] of launches) if (launch.expiresAt + FORGET_LAUNCH_AFTER_MS < at) launches.delete(key);
    const launch = newSecret();
    launches.set(digest(launch), { expiresAt: at + LAUNCH_TTL_MS, used: false });
    return launch;
  }

  function redeemLaunch(offered: string): LaunchRefusal | null {
    const launch = launches.get(digest(offered));
    if (!launch) return 'unknown';
    if (launch.used) return 'used';
    if (now() >= launch.expiresAt) return 'expired';
    launch.used = true;
    return null;
  }

  function createSession(): string {
    const session = newSecret();
    sessions.add(digest(session));
    return session;
  }

  /** The session's digest when `candidate` is one. */
  const sessionOf = (candidate: string | undefined | null): string | null => {
    if (!candidate) return null;
    const key = digest(candidate);
    return sessions.has(key) ? key : null;
  };

  /** The request's session (its digest), from a Bearer header or the cookie; null without one. */
  function sessionOfRequest(req: http.IncomingMessage): string | null {
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? sessionOf(auth.slice(7)) : null;
    return bearer ?? sessionOf(readCookie(req.headers.cookie, cookieName));
  }
  const authorised = (req: http.IncomingMessage): boolean => sessionOfRequest(req) !== null;

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

    // A launch address is traded for a session cookie and dropped from the address bar, so it
    // does not linger in history or get copied along with a link.
    const offered = url.searchParams.get(LAUNCH_PARAM);
    if (offered !== null && req.method === 'GET') {
      url.searchParams.delete(LAUNCH_PARAM);
      const clean = url.pathname + url.search;
      const refusal = redeemLaunch(offered);
      if (refusal === null) {
        res.setHeader('set-cookie', `${cookieName}=${createSession()}; HttpOnly; SameSite=Strict; Path=/`);
        return redirect(res, clean);
      }
      // A tab that already has a session and opens a spent address again gets nothing new.
      if (authorised(req)) return redirect(res, clean);
      return text(res, 401, launchRefusedMessage(refusal));
    }
    const session = sessionOfRequest(req);
    if (session === null) return text(res, 401, NO_SESSION_MESSAGE);

    if (url.pathname.startsWith('/rpc/')) {
      let channel: string;
      try {
        channel = decodeURIComponent(url.pathname.slice(5));
      } catch {
        return json(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'The operation name in the address is not valid percent-encoding.' } });
      }
      return rpc(req, res, channel);
    }
    if (url.pathname === '/events') return eventStream(req, res, session);
    // An archived PDF, named by its id only: the page never sends a path.
    const archived = /^\/archive\/([1-9]\d{0,15})\.pdf$/.exec(url.pathname);
    if (archived && (req.method === 'GET' || req.method === 'HEAD')) return archivePdf(req, res, Number(archived[1]));
    const exported = DOWNLOAD_PATH_PATTERN.exec(url.pathname);
    if (exported && req.method === 'GET') return download(res, exported[1]!);
    if (serveStatic && (req.method === 'GET' || req.method === 'HEAD')) {
      return serveStatic(req, res, () => text(res, 404, 'Not found'));
    }
    text(res, 404, 'Not found');
  }

  async function rpc(req: http.IncomingMessage, res: http.ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') return text(res, 405, 'Use POST');
    // A JSON content type cannot be sent cross-origin without a preflight, which this server never grants.
    if (!isJsonContentType(req.headers['content-type'])) {
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

  function archivePdf(req: http.IncomingMessage, res: http.ServerResponse, id: number): void {
    const file = options.archiveFile?.(id) ?? null;
    if (!file) return text(res, 404, 'That PDF is not in the archive.');
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      return text(res, 404, 'That PDF is not in the archive.');
    }
    // A PDF is no page of Scout's: the page's CSP would keep the browser's PDF viewer from showing it.
    res.removeHeader('content-security-policy');
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': String(size),
      'content-disposition': `inline; filename="${path.basename(file).replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  /**
   * An export's file, streamed once as an attachment under its name, then deleted: a second ask
   * of the same address finds nothing.
   */
  function download(res: http.ServerResponse, token: string): void {
    const shelved = options.download?.(token) ?? null;
    let size: number;
    try {
      if (!shelved) throw new Error('not shelved');
      size = fs.statSync(shelved.file).size;
    } catch {
      return text(res, 404, 'That export is not here any more: each is downloaded once, within half an hour. Export it again.');
    }
    res.writeHead(200, {
      'content-type': shelved.mimeType,
      'content-length': String(size),
      'content-disposition': attachment(shelved.fileName),
      'cache-control': 'no-store',
    });
    const remove = () => fs.rmSync(shelved.file, { force: true });
    fs.createReadStream(shelved.file)
      .on('error', () => res.destroy())
      .pipe(res);
    res.on('close', remove);
  }

  function eventStream(req: http.IncomingMessage, res: http.ServerResponse, session: string): void {
    const own = [...sseClients].filter(([, of]) => of === session).map(([client]) => client);
    for (const oldest of own.slice(0, Math.max(0, own.length - MAX_EVENT_STREAMS_PER_SESSION + 1))) {
      sseClients.delete(oldest);
      oldest.end(': closed: this session opened a newer event stream\n\n');
    }
    if (sseClients.size >= MAX_EVENT_STREAMS) {
      return text(res, 503, `Scout already has ${MAX_EVENT_STREAMS} event streams open; close some of its tabs and reload this one.`);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    sseClients.set(res, session);
    req.on('close', () => sseClients.delete(res));
  }

  const broadcast = (frame: string) => {
    for (const client of sseClients.keys()) {
      if (client.writableLength > MAX_EVENT_BACKLOG_BYTES) {
        sseClients.delete(client);
        client.destroy();
        continue;
      }
      client.write(frame);
    }
  };
  const unsubscribe = options.events.subscribe((event) => broadcast(`data: ${JSON.stringify(event)}\n\n`));
  // Proxies and idle timers close quiet connections; a comment every 25 s keeps the stream open.
  const heartbeat = setInterval(() => broadcast(': ping\n\n'), 25_000);
  heartbeat.unref();

  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;
  cookieName = sessionCookieName(port);
  const newLaunchUrl = () => `${origin}/?${LAUNCH_PARAM}=${issueLaunch()}`;

  return {
    launchUrl: newLaunchUrl(),
    newLaunchUrl,
    createSession,
    origin,
    port,
    cookieName,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        clearInterval(heartbeat);
        for (const client of sseClients.keys()) client.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const NEW_ADDRESS_HINT =
  'For a new one, press Enter in the terminal where `npm run serve` is running (or send that process SIGUSR2), and open the address it prints.';
const NO_SESSION_MESSAGE = `This browser has no Scout session for this address. ${NEW_ADDRESS_HINT}`;

function launchRefusedMessage(refusal: LaunchRefusal): string {
  const why = {
    used: 'This Scout address was already used: each one opens Scout once.',
    expired: `This Scout address has expired: each one works for ${LAUNCH_TTL_MS / 1000} seconds after it is printed.`,
    unknown: 'This is not an address this Scout printed (was it restarted since?).',
  }[refusal];
  return `${why} ${NEW_ADDRESS_HINT}`;
}

/** `attachment` with the file's name: plain ASCII for old readers, the exact name (RFC 6266/8187) for the rest. */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'export';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function digest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

/** `application/json`, optionally with `charset=utf-8`: nothing that merely starts the same. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => param === '' || /^charset=("?)utf-8\1$/.test(param));
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
  // of a reset connection; only callers holding a session get this far.
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

function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}
