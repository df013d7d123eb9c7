// Behaviour beyond the spec's tables: report generation, faults, high demand, determinism.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { simTest, type SimTest } from '../../../test/simClient';

let t: SimTest;
afterEach(() => t?.close());

describe('report generation', () => {
  it('answers NOT_READY (HTTP 202 with retryTtl for Instagram) until generation time has passed', async () => {
    t = await simTest({ generationMs: 3000 });
    const first = await t.method('report', { params: { username: 'slowpoke' } });
    expect(first.status).toBe(202);
    expect(first.body.result).toMatchObject({ report_state: 'NOT_READY', retryTtl: 3 });
    t.sim.advanceClock(2000);
    expect((await t.method('report', { params: { username: 'slowpoke' } })).body.result.retryTtl).toBe(1);
    t.sim.advanceClock(1000);
    expect((await t.method('report', { params: { username: 'slowpoke' } })).body.result.report_state).toBe('READY');
  });

  it('really takes --generation-ms of wall time too', async () => {
    t = await simTest({ generationMs: 150 });
    await t.method('twitch', { params: { channel: 'walltime' } });
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.method('twitch', { params: { channel: 'walltime' } })).body.result.report_state).toBe('READY');
  });

  it('NO_VIEWS after generation, refunded once however often it is asked', async () => {
    t = await simTest({ credits: 5, generationMs: 10 });
    await t.method('tiktok', { params: { channel: 'noviews_dancer', type: 'report' } });
    expect(t.sim.state.balances.miniReports).toBe(199);
    t.sim.advanceClock(100);
    for (let i = 0; i < 3; i++) {
      const r = await t.method('tiktok', { params: { channel: 'noviews_dancer', type: 'report' } });
      expect(r.status).toBe(403);
      expect(JSON.stringify(r.body.error)).toContain('NO_VIEWS');
    }
    expect(t.sim.state.balances.miniReports).toBe(200);
  });

  it('high demand: generation is slower and answers say so', async () => {
    t = await simTest({ generationMs: 1000 });
    t.sim.setHighDemand(true);
    const r = await t.method('twitch', { params: { channel: 'busy' } });
    expect(r.body.result).toMatchObject({ highDemand: true, retryTtl: 3 });
  });

  it('gives the same report for the same name in every run', async () => {
    t = await simTest({ generationMs: 0 });
    const a = (await t.method('tiktok', { params: { channel: 'samesame' } })).body.result.report;
    await t.close();
    t = await simTest({ generationMs: 0 });
    const b = (await t.method('tiktok', { params: { channel: 'samesame' } })).body.result.report;
    const strip = (x: unknown) => JSON.parse(JSON.stringify(x).replace(/127\.0\.0\.1:\d+/g, 'host').replace(/exp=\d+/g, 'exp'));
    expect(strip(b)).toEqual(strip(a));
  });
});

describe('fault injection (x-sim-fault)', () => {
  const charged = async (fault: string) => {
    const before = t.sim.state.spent.credits;
    const r = await t.method('twitch', { params: { channel: `fault_${fault}` }, headers: { 'x-sim-fault': fault } }).catch((e: Error) => e);
    return { r, spent: t.sim.state.spent.credits - before };
  };

  it('500 and 502 fail before anything is charged', async () => {
    t = await simTest();
    const a = await charged('500');
    expect(a.spent).toBe(0);
    const b = await charged('502');
    expect(b.spent).toBe(0);
    expect((b.r as { status: number }).status).toBe(502);
  });

  it('429 carries Retry-After and charges nothing', async () => {
    t = await simTest();
    const { r, spent } = await charged('429');
    expect((r as { status: number; headers: Headers }).headers.get('retry-after')).toBe('1');
    expect(spent).toBe(0);
  });

  it('reset and timeout happen after the charge: the client cannot know', async () => {
    t = await simTest();
    const reset = await charged('reset');
    expect(reset.r).toBeInstanceOf(Error);
    expect(reset.spent).toBe(1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const before = t.sim.state.spent.credits;
    const timedOut = await fetch(`${t.sim.url}/api/method/auditor.twitch/?channel=fault_timeout`, {
      headers: { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token', 'x-sim-fault': 'timeout' },
      signal: controller.signal,
    }).catch((e: Error) => e);
    expect(timedOut).toBeInstanceOf(Error);
    expect(t.sim.state.spent.credits - before).toBe(1);
  });

  it('malformed answers with broken JSON after the charge', async () => {
    t = await simTest();
    const { r, spent } = await charged('malformed');
    expect((r as { body: unknown }).body).toBeUndefined();
    expect(spent).toBe(1);
  });

  it('slow answers late but correctly', async () => {
    t = await simTest({ slowMs: 300 });
    const started = Date.now();
    const r = await t.method('planInfo', { headers: { 'x-sim-fault': 'slow' } });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('--fault-rate injects faults at about that rate', async () => {
    t = await simTest({ faultRate: 0.3, faultTypes: ['500'] });
    let faults = 0;
    for (let i = 0; i < 200; i++) if ((await t.method('planInfo')).status === 500) faults++;
    expect(faults).toBeGreaterThan(30);
    expect(faults).toBeLessThan(90);
  });
});

describe('the server', () => {
  it('hands out links to itself even when another simulator in the process served the same report', async () => {
    const first = await simTest({ generationMs: 0 });
    await first.method('twitch', { params: { channel: 'shared_name' } });
    await first.close();
    t = await simTest({ generationMs: 0 });
    const r = await t.method('twitch', { params: { channel: 'shared_name' } });
    expect(r.body.result.report.basic.avatar_url.startsWith(t.sim.url)).toBe(true);
  });

  it('listens on loopback only', async () => {
    t = await simTest();
    expect(t.sim.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const other = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '::1', port: t.sim.port }, () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    expect(other).toBe(false);
  });

  it('answers an oversized or broken body with code 8', async () => {
    t = await simTest();
    const broken = await t.method('search', { json: undefined, headers: { 'content-type': 'application/json' }, method: 'POST' });
    expect(broken.status).toBe(400);
    const r = await fetch(`${t.sim.url}/api/method/auditor.search/`, {
      method: 'POST',
      headers: { 'x-auth-id': 'demo', 'x-auth-token': 'demo-token', 'content-type': 'application/json' },
      body: '{"social_network":',
    });
    expect(((await r.json()) as { error: { code: number } }).error.code).toBe(8);
  });
});
