import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoutEvent } from '@shared/contract';
import { rawServer, requirePrivateKeyring } from '../../../test/support';
import { createHarness, readLog, type Harness } from '../../../test/mainHarness';

// An upstream that echoes every request header back, in every form an answer may take (a JSON
// error with the token in its description, a plain-text header dump, an unreadable 200), stands
// in as the production workspace's API. Real main services, credentials in the real keychain.
// The token must reach the upstream (it is the API) and nothing else: no RPC answer, no event,
// no log line.
beforeAll(requirePrivateKeyring);

const TOKEN = 'echoed-secret-token-7c6b5a49';
const ACCOUNT_ID = 'echo-account-31337';

type Mode = 'json-error' | 'header-dump' | 'unreadable';
let mode: Mode = 'json-error';
const seen: http.IncomingHttpHeaders[] = [];
let upstream: { url: string; close(): Promise<void> };
let h: Harness;
const events: ScoutEvent[] = [];

beforeAll(async () => {
  upstream = await rawServer((req, res) => {
    seen.push(req.headers);
    const dump = Object.entries(req.headers)
      .map(([name, value]) => `${name}: ${String(value)}`)
      .join('\n');
    if (mode === 'json-error') {
      res.writeHead(418, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { description: `your x-auth-token was ${req.headers['x-auth-token']}` }, echo: req.headers, marker: 'echo-marker' }));
    } else if (mode === 'header-dump') {
      res.writeHead(418, { 'content-type': 'text/plain' });
      res.end(`echo-marker\n${dump}\n`);
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`echo-marker, not JSON:\n${dump}\n${JSON.stringify(req.headers)}`);
    }
  });
  h = await createHarness();
  h.services.events.subscribe((event) => events.push(event));
  await h.call('workspace:switch', { workspace: 'production' });
  await h.call('workspace:setBaseUrl', { workspace: 'production', baseUrl: upstream.url });
  await h.call('credentials:set', { workspace: 'production', accountId: ACCOUNT_ID, apiToken: TOKEN });
});
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

describe('an upstream that echoes our request headers', () => {
  it('finds the token in no RPC answer, no event and no log line, while the rest of its answer still shows', async () => {
    const failures: Array<{ code: string; message: string; detail?: string }> = [];
    for (const m of ['json-error', 'header-dump', 'unreadable'] as const) {
      mode = m;
      for (const [channel, payload] of [
        ['credentials:test', { workspace: 'production' }],
        ['plan:refresh', {}],
        ['reports:fetch', { network: 'instagram', account: `echoed_${m.replace('-', '_')}`, confirmedCost: 1 }],
      ] as const) {
        const result = (await h.callRaw(channel, payload)) as { ok: boolean; error?: { code: string; message: string; detail?: string } };
        expect(result.ok, `${channel} in ${m}`).toBe(false);
        failures.push(result.error!);
      }
    }

    // The echo really carried the credentials, and its answers really reached the errors.
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(seen.every((headers) => headers['x-auth-token'] === TOKEN)).toBe(true);
    expect(failures.some((f) => f.detail?.includes('echo-marker'))).toBe(true);
    expect(failures.some((f) => /^host: 127\.0\.0\.1:\d+$/m.test(f.detail ?? ''))).toBe(true);
    expect(failures.some((f) => f.message.includes('your [redacted]') || f.message.includes('your x-auth-token was [redacted]'))).toBe(true);
    expect(events.some((e) => e.name === 'reports:changed' && (e.payload as { error?: unknown }).error)).toBe(true);

    const answers = h.responses.join('\n');
    const sent = JSON.stringify(events);
    const log = readLog(h);
    for (const [where, text] of [
      ['RPC answers', answers],
      ['events', sent],
      ['log', log],
    ] as const) {
      expect(text, where).not.toContain(TOKEN);
      expect(text, where).not.toContain(ACCOUNT_ID);
      expect(text, where).not.toMatch(/^\s*x-auth-(token|id):/im);
    }
  });
});
