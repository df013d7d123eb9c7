import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoutEvent } from '@shared/contract';
import { requirePrivateKeyring } from '../../../test/support';
import { createHarness, type Harness } from '../../../test/mainHarness';
import { Logger } from '../log';
import { SESSION_COOKIE, startLoopbackServer, type LoopbackServer } from './loopbackHttp';

beforeAll(requirePrivateKeyring);

let h: Harness;
let server: LoopbackServer;
const logLines: string[] = [];
beforeAll(async () => {
  h = await createHarness();
  const logger = new Logger('debug');
  logger.addSink((l) => logLines.push(l));
  server = await startLoopbackServer({ dispatch: h.dispatch, events: h.services.events, logger });
});
afterAll(async () => {
  await server.close();
  await h.close();
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw HTTP, so the test can send Host and Origin headers a browser would not let it forge. */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers },
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

const bearer = () => ({ authorization: `Bearer ${server.token}` });
const rpc = (channel: string, body: unknown, headers: Record<string, string> = bearer()) =>
  request(`/rpc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('browser-mode server', () => {
  it('listens on 127.0.0.1 with a long random token', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
    expect(server.launchUrl).toBe(`${server.origin}/?token=${server.token}`);
  });

  it('answers 401 without the token, or with a wrong one', async () => {
    expect((await rpc('app:info', {}, {})).status).toBe(401);
    expect((await rpc('app:info', {}, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await request('/')).status).toBe(401);
    expect((await request('/events')).status).toBe(401);
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    const r = await rpc('app:info', {}, { ...bearer(), host: 'evil.example' });
    expect(r.status).toBe(421);
    expect((await rpc('app:info', {}, { ...bearer(), host: `evil.example:${server.port}` })).status).toBe(421);
  });

  it('refuses a foreign Origin header even with the token', async () => {
    expect((await rpc('app:info', {}, { ...bearer(), origin: 'http://evil.example' })).status).toBe(403);
    expect((await rpc('app:info', {}, { ...bearer(), origin: server.origin })).status).toBe(200);
    expect((await rpc('app:info', {}, { ...bearer(), host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('trades the launch token for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const r = await request(`/settings?token=${server.token}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/settings');
    const cookie = r.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Domain=/);
    const withCookie = await rpc('app:info', {}, { cookie: cookie.split(';')[0]! });
    expect(withCookie.status).toBe(200);
    expect(JSON.parse(withCookie.body)).toMatchObject({ ok: true, value: { host: 'browser' } });
  });

  it('does not hand out a cookie for a wrong launch token', async () => {
    const r = await request('/?token=wrong');
    expect(r.status).toBe(401);
    expect(r.headers['set-cookie']).toBeUndefined();
  });

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

  it('never logs the session token', () => {
    expect(logLines.join('\n')).not.toContain(server.token);
  });
});
