import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoutEvent } from '@shared/contract';
import { requirePrivateKeyring } from '../../../test/support';
import { createHarness, type Harness } from '../../../test/mainHarness';
import { Logger } from '../platform/log';
import { describeIssues } from './handlers';
import { LAUNCH_TTL_MS, MAX_EVENT_STREAMS, MAX_EVENT_STREAMS_PER_SESSION, sessionCookieName, startLoopbackServer, type LoopbackServer } from './loopbackHttp';

beforeAll(requirePrivateKeyring);

let h: Harness;
let server: LoopbackServer;
let session: string;
const logLines: string[] = [];
/** Every launch address and session id handed out here, for the log check at the end. */
const secretsGiven: string[] = [];
const logger = new Logger('debug');
logger.addSink((l) => logLines.push(l));
let clock = Date.now();
beforeAll(async () => {
  h = await createHarness();
  server = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger, now: () => clock });
  session = server.createSession();
  secretsGiven.push(session, launchOf(server.launchUrl));
});
afterAll(async () => {
  await server.close();
  await h.close();
});

const launchOf = (url: string) => new URL(url).searchParams.get('launch')!;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw HTTP, so the test can send Host and Origin headers a browser would not let it forge. */
function request(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; port?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: options.port ?? server.port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const bearer = () => ({ authorization: `Bearer ${session}` });
const rpc = (channel: string, body: unknown, headers: Record<string, string> = bearer()) =>
  request(`/rpc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Opens a launch address the way a browser would, and returns the `name=value` of the cookie it set. */
async function signIn(launchUrl: string, port = server.port): Promise<{ reply: Reply; cookie: string }> {
  const url = new URL(launchUrl);
  const reply = await request(url.pathname + url.search, { port });
  return { reply, cookie: (reply.headers['set-cookie']?.[0] ?? '').split(';')[0]! };
}

describe('browser-mode server', () => {
  it('listens on 127.0.0.1 and prints a launch address with a long random one-time value', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.launchUrl).toMatch(new RegExp(`^${server.origin}/\\?launch=[A-Za-z0-9_-]{43}$`));
    expect(server.cookieName).toBe(`scout_session_${server.port}`);
    expect(server.newLaunchUrl()).not.toBe(server.launchUrl);
  });

  it('answers 401 without a session, or with a wrong one', async () => {
    expect((await rpc('app:info', {}, {})).status).toBe(401);
    expect((await rpc('app:info', {}, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await rpc('app:info', {}, { cookie: `${server.cookieName}=nope` })).status).toBe(401);
    const page = await request('/');
    expect(page.status).toBe(401);
    expect(page.body).toMatch(/press Enter in the terminal where `npm run serve` is running/);
    expect((await request('/events')).status).toBe(401);
  });

  it('does not take a launch value as a credential', async () => {
    const launch = launchOf(server.newLaunchUrl());
    secretsGiven.push(launch);
    expect((await rpc('app:info', {}, { authorization: `Bearer ${launch}` })).status).toBe(401);
    expect((await rpc('app:info', {}, { cookie: `${server.cookieName}=${launch}` })).status).toBe(401);
  });

  it('refuses a foreign Host header even with a session (DNS rebinding)', async () => {
    const r = await rpc('app:info', {}, { ...bearer(), host: 'evil.example' });
    expect(r.status).toBe(421);
    expect((await rpc('app:info', {}, { ...bearer(), host: `evil.example:${server.port}` })).status).toBe(421);
  });

  it('refuses a foreign Origin header even with a session', async () => {
    expect((await rpc('app:info', {}, { ...bearer(), origin: 'http://evil.example' })).status).toBe(403);
    expect((await rpc('app:info', {}, { ...bearer(), origin: server.origin })).status).toBe(200);
    expect((await rpc('app:info', {}, { ...bearer(), host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('launch addresses and sessions', () => {
  it('trades a launch address, once, for a separate session id in an HttpOnly, SameSite=Strict cookie named after the port', async () => {
    const launchUrl = server.newLaunchUrl().replace('/?', '/settings?');
    const launch = launchOf(launchUrl);
    const { reply, cookie } = await signIn(launchUrl);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/settings');
    const header = reply.headers['set-cookie']?.[0] ?? '';
    expect(header).toMatch(new RegExp(`^scout_session_${server.port}=[A-Za-z0-9_-]{43};`));
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/);
    const sessionId = cookie.split('=')[1]!;
    secretsGiven.push(launch, sessionId);
    expect(sessionId).not.toBe(launch);

    const withCookie = await rpc('app:info', {}, { cookie });
    expect(withCookie.status).toBe(200);
    expect(JSON.parse(withCookie.body)).toMatchObject({ ok: true, value: { host: 'browser' } });
    expect((await rpc('app:info', {}, { authorization: `Bearer ${sessionId}` })).status).toBe(200);

    // The second use of the same address opens nothing, and says why and what to do.
    const again = await signIn(launchUrl);
    expect(again.reply.status).toBe(401);
    expect(again.reply.headers['set-cookie']).toBeUndefined();
    expect(again.reply.body).toMatch(/already used: each one opens Scout once/);
    expect(again.reply.body).toMatch(/press Enter in the terminal/);
    // A browser that already holds a session and opens it again just lands on the page.
    const fromSignedIn = await request(new URL(launchUrl).pathname + new URL(launchUrl).search, { headers: { cookie } });
    expect(fromSignedIn.status).toBe(303);
    expect(fromSignedIn.headers.location).toBe('/settings');
    expect(fromSignedIn.headers['set-cookie']).toBeUndefined();
  });

  it('expires a launch address after a minute', async () => {
    const printedAt = clock;
    try {
      const stale = server.newLaunchUrl();
      const fresh = server.newLaunchUrl();
      secretsGiven.push(launchOf(stale), launchOf(fresh));
      clock = printedAt + LAUNCH_TTL_MS - 1;
      const inTime = await signIn(fresh);
      expect(inTime.reply.status).toBe(303);
      clock = printedAt + LAUNCH_TTL_MS;
      const late = await signIn(stale);
      expect(late.reply.status).toBe(401);
      expect(late.reply.headers['set-cookie']).toBeUndefined();
      expect(late.reply.body).toMatch(/has expired: each one works for 60 seconds/);
      // A new address printed now works: no restart needed.
      const renewed = await signIn(server.newLaunchUrl());
      expect(renewed.reply.status).toBe(303);
      secretsGiven.push(inTime.cookie.split('=')[1]!, renewed.cookie.split('=')[1]!);
    } finally {
      clock = printedAt;
    }
  });

  it('refuses a launch value it never printed', async () => {
    const r = await request('/?launch=wrong');
    expect(r.status).toBe(401);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.body).toMatch(/not an address this Scout printed/);
  });

  it('keeps two Scouts in one browser apart: each has its own cookie, neither overwrites the other', async () => {
    const other = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger });
    try {
      const mine = await signIn(server.newLaunchUrl());
      const theirs = await signIn(other.launchUrl, other.port);
      expect(mine.cookie.split('=')[0]).toBe(sessionCookieName(server.port));
      expect(theirs.cookie.split('=')[0]).toBe(sessionCookieName(other.port));
      expect(sessionCookieName(server.port)).not.toBe(sessionCookieName(other.port));
      secretsGiven.push(mine.cookie.split('=')[1]!, theirs.cookie.split('=')[1]!, launchOf(other.launchUrl));
      // One cookie jar for 127.0.0.1 sends both cookies to both servers: each finds its own.
      const jar = `${mine.cookie}; ${theirs.cookie}`;
      expect((await rpc('app:info', {}, { cookie: jar })).status).toBe(200);
      expect((await request('/rpc/app:info', { port: other.port, method: 'POST', headers: { 'content-type': 'application/json', cookie: jar }, body: '{}' })).status).toBe(200);
      // A session of one is nothing to the other.
      const swapped = `${sessionCookieName(other.port)}=${mine.cookie.split('=')[1]}`;
      expect((await request('/rpc/app:info', { port: other.port, method: 'POST', headers: { 'content-type': 'application/json', cookie: swapped }, body: '{}' })).status).toBe(401);
      expect((await rpc('app:info', {}, { authorization: `Bearer ${theirs.cookie.split('=')[1]}` })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('requests, answers and HTTP edges', () => {
  it('sends a strict CSP and no-sniff on every answer', async () => {
    const r = await request('/');
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(r.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes only JSON posts, and reports unreadable bodies as typed errors', async () => {
    const form = await request('/rpc/app:info', { method: 'POST', headers: { ...bearer(), 'content-type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(415);
    const broken = await request('/rpc/app:info', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: '{"a":' });
    expect(JSON.parse(broken.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const huge = await rpc('app:info', { pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(JSON.parse(huge.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/larger than/) } });
    expect((await request('/rpc/app:info', { headers: bearer() })).status).toBe(405);
  });

  it('matches the JSON content type exactly, with at most a UTF-8 charset', async () => {
    const post = (contentType: string) =>
      request('/rpc/app:info', { method: 'POST', headers: { ...bearer(), 'content-type': contentType }, body: '{}' });
    for (const accepted of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      expect((await post(accepted)).status, accepted).toBe(200);
    }
    for (const refused of ['application/jsonx', 'application/json-patch+json', 'application/json; charset=latin1', 'application/json; boundary=x', 'text/plain; application/json']) {
      expect((await post(refused)).status, refused).toBe(415);
    }
  });

  it('answers 400 to malformed percent-encoding in the address, and logs no stack', async () => {
    const before = logLines.length;
    const r = await request('/rpc/%E0%A4%A', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/percent-encoding/) } });
    const page = await request('/%E0%A4%A', { headers: bearer() });
    expect(page.status).toBeLessThan(500);
    expect(logLines.slice(before).filter((l) => / ERROR /.test(l))).toEqual([]);
  });

  it('keeps a validation error short however many problems the request has', async () => {
    const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 0]));
    const r = await rpc('workspace:switch', { workspace: 'demo', ...keys });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeLessThan(2_000);
    const error = (JSON.parse(r.body) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/Unrecognized keys: "k0", "k1", .* and 59995 more/);

    const many = describeIssues(Array.from({ length: 500 }, (_, i) => ({ path: [`field${i}`, 'x'.repeat(5000)], message: 'y'.repeat(5000) })));
    expect(many.length).toBeLessThanOrEqual(1_000);
    expect(many).toMatch(/^field0\./);
    expect(many).toMatch(/\(490 more problems not listed\)$/);
  });

  it('dispatches the contract and reports unknown operations', async () => {
    expect(JSON.parse((await rpc('workspace:get', {})).body)).toMatchObject({ ok: true, value: { active: 'demo' } });
    expect(JSON.parse((await rpc('cache:sql', { q: 'drop' })).body)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
  });

  it('pushes events over server-sent events', async () => {
    const events: ScoutEvent[] = [];
    const stream = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port: server.port, path: '/events', headers: bearer() }, resolve),
    );
    expect(stream.headers['content-type']).toMatch(/text\/event-stream/);
    let buffer = '';
    const gotWorkspaceEvent = new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (const frame of buffer.split('\n\n').slice(0, -1)) {
          if (frame.startsWith('data: ')) events.push(JSON.parse(frame.slice(6)) as ScoutEvent);
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        if (events.some((e) => e.name === 'workspace:changed')) resolve();
      });
    });
    await rpc('workspace:switch', { workspace: 'production' });
    await gotWorkspaceEvent;
    stream.destroy();
    expect(events.find((e) => e.name === 'workspace:changed')?.payload).toMatchObject({ active: 'production' });
    await rpc('workspace:switch', { workspace: 'demo' });
  });

  it('never logs a launch address or a session id', () => {
    const log = logLines.join('\n');
    expect(secretsGiven.length).toBeGreaterThan(8);
    for (const secret of secretsGiven) expect(log).not.toContain(secret);
  });
});

describe('hostile requests', () => {
  let dir: string;
  let files: LoopbackServer;
  let filesSession: string;
  beforeAll(async () => {
    // A renderer folder with a secret beside it: nothing outside the folder may be served.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-static-'));
    fs.mkdirSync(path.join(dir, 'renderer'));
    fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Scout</title>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside-the-renderer');
    files = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger, rendererDir: path.join(dir, 'renderer'), requestTimeoutMs: 400 });
    filesSession = files.createSession();
  });
  afterAll(async () => {
    await files.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves nothing outside the renderer folder, however the path is spelled', async () => {
    const auth = { authorization: `Bearer ${filesSession}` };
    expect((await request('/index.html', { port: files.port, headers: auth })).body).toContain('<title>Scout</title>');
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/renderer/../../secret.txt', '//secret.txt']) {
      const reply = await request(attempt, { port: files.port, headers: auth });
      expect(reply.body, attempt).not.toContain('outside-the-renderer');
    }
  });

  it('cuts off a client that trickles its request instead of holding the socket', async () => {
    const socket = net.connect(files.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${files.port}\r\n`);
    const started = Date.now();
    // Headers are never finished: the server must answer 408 or close within its timeout.
    const closed = await new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(closed === '' || /^HTTP\/1\.1 408/.test(closed)).toBe(true);
  });

  it('treats prototype keys in a request as data: nothing is polluted and the answer is a typed error', async () => {
    const body = '{"workspace":"demo","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const reply = await request('/rpc/workspace:switch', { method: 'POST', headers: { 'content-type': 'application/json', ...bearer() }, body });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('bounded event streams', () => {
  let bounded: LoopbackServer;
  beforeAll(async () => {
    bounded = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger });
  });
  afterAll(() => bounded.close());

  /** Opens an event stream; `open` says whether the server still holds it. */
  async function openStream(auth: string): Promise<{ status: number; open: () => boolean; close: () => void }> {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: bounded.port, path: '/events', headers: { authorization: `Bearer ${auth}` }, agent: false }, resolve).on('error', reject),
    );
    let ended = false;
    res.on('data', () => {});
    res.on('end', () => (ended = true));
    res.on('close', () => (ended = true));
    return { status: res.statusCode ?? 0, open: () => !ended, close: () => res.destroy() };
  }

  it('keeps at most MAX_EVENT_STREAMS_PER_SESSION streams of one session open: 1,100 opened, the newest kept, the server still answers', async () => {
    const own = bounded.createSession();
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < 1100; i++) streams.push(await openStream(own));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    // The server ends the oldest as newer ones arrive: give the last ends a moment to arrive.
    await expect.poll(() => streams.filter((s) => s.open()).length).toBe(MAX_EVENT_STREAMS_PER_SESSION);
    expect(streams.slice(-MAX_EVENT_STREAMS_PER_SESSION).every((s) => s.open())).toBe(true);
    const reply = await request('/rpc/workspace:get', { port: bounded.port, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` }, body: '{}' });
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true });
    for (const s of streams) s.close();
  });

  it('refuses a stream past MAX_EVENT_STREAMS of all sessions, with words', async () => {
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < MAX_EVENT_STREAMS; i++) streams.push(await openStream(bounded.createSession()));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await openStream(bounded.createSession());
    expect(refused.status).toBe(503);
    for (const s of streams) s.close();
    // Closed streams free their places.
    await expect.poll(async () => (await openStream(bounded.createSession())).status).toBe(200);
  });

  it('closes a stream whose client stops reading instead of keeping its events in memory', async () => {
    const socket = net.connect(bounded.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${bounded.port}\r\nAuthorization: Bearer ${bounded.createSession()}\r\n\r\n`);
    let closed = false;
    let received = 0;
    socket.on('close', () => (closed = true));
    socket.on('error', () => (closed = true));
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    const big = 'x'.repeat(512 * 1024);
    const events = 60;
    for (let i = 0; i < events; i++) {
      h.services.events.emit('team:received', { workspace: 'demo', kinds: [big] });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Reading again: what the server kept for this client is bounded, then the stream ends.
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    await expect.poll(() => closed).toBe(true);
    expect(received).toBeLessThan((events * big.length) / 2);
  });
});
