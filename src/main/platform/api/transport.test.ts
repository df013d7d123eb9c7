import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, rawServer } from '../../../../test/support';
import { startSimulator } from '../../../simulator/server';
import { ApiCallError, ApiTransport, type TransportOptions } from './transport';

const credsFor = (url: string) => async () => ({ accountId: 'demo', apiToken: 'demo-token', origin: new URL(url).origin });
const fast = { retry: { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 4 } };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server that answers each request with the next scripted reply, counting requests. */
async function scripted(replies: ((req: http.IncomingMessage, res: http.ServerResponse) => void)[]) {
  let count = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = await rawServer((req, res) => {
    const reply = replies[Math.min(count, replies.length - 1)]!;
    count++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    reply(req, res);
  });
  closers.push(server.close);
  return { url: server.url, requests: () => count, maxInFlight: () => maxInFlight };
}

const ok = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('{"result":{}}');
const unavailable = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.statusCode = 500;
  res.end('{"error":{"code":1,"description":"Unknown error occurred"}}');
};
const reset = (req: http.IncomingMessage) => req.socket.destroy();

function transport(url: string, extra: Partial<TransportOptions> = {}) {
  return new ApiTransport({ baseUrl: url, credentials: credsFor(url), timeoutMs: 500, ...fast, ...extra });
}

async function failure(p: Promise<unknown>): Promise<ApiCallError> {
  const e = await p.then(() => null, (error: unknown) => error);
  expect(e).toBeInstanceOf(ApiCallError);
  return e as ApiCallError;
}

describe('ApiTransport retries', () => {
  it('retries a 500 (code 1) until the API answers', async () => {
    const s = await scripted([unavailable, unavailable, ok]);
    const answer = await transport(s.url).send({ operation: 'auditor.planInfo', method: 'GET' });
    expect(answer.status).toBe(200);
    expect(s.requests()).toBe(3);
  });

  it('honours Retry-After on 429', async () => {
    const s = await scripted([
      (_req, res) => {
        res.writeHead(429, { 'retry-after': '1' });
        res.end('{"error":{"code":429,"description":"Too many requests"}}');
      },
      ok,
    ]);
    const started = Date.now();
    await transport(s.url).send({ operation: 'auditor.planInfo', method: 'GET' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(s.requests()).toBe(2);
  });

  it('repeats a free call whose connection was reset, but never a paid one', async () => {
    const free = await scripted([reset, ok]);
    await transport(free.url).send({ operation: 'auditor.reportMedia', method: 'GET' });
    expect(free.requests()).toBe(2);

    const paid = await scripted([reset, ok]);
    const error = await failure(transport(paid.url).send({ operation: 'auditor.report', method: 'GET' }, { paid: true }));
    expect(error.outcome).toBe('unknown');
    expect(paid.requests()).toBe(1);
  });

  it('does not repeat an answered error', async () => {
    const s = await scripted([
      (_req, res) => {
        res.statusCode = 403;
        res.end('{"error":{"code":4,"description":"Invalid token"}}');
      },
    ]);
    const error = await failure(transport(s.url).send({ operation: 'auditor.planInfo', method: 'GET' }));
    expect(error).toMatchObject({ code: 'API_INVALID_TOKEN', outcome: 'answered' });
    expect(s.requests()).toBe(1);
  });

  it('classifies a refused connection as not processed (safe to repeat even when paid)', async () => {
    const error = await failure(
      transport(`http://127.0.0.1:${await closedPort()}`, { retry: { maxAttempts: 1 } }).send({ operation: 'auditor.report', method: 'GET' }, { paid: true }),
    );
    expect(error).toMatchObject({ code: 'NETWORK', outcome: 'not-processed' });
  });

  it('classifies a timeout after sending as unknown', async () => {
    const s = await scripted([() => undefined]);
    const error = await failure(transport(s.url, { timeoutMs: 200 }).send({ operation: 'auditor.report', method: 'GET' }, { paid: true }));
    expect(error).toMatchObject({ code: 'TIMEOUT', outcome: 'unknown' });
    expect(s.requests()).toBe(1);
  });
});

describe('ApiTransport circuit', () => {
  it('turns unreachable after consecutive failures, fails fast, and recovers', async () => {
    const events: boolean[] = [];
    const port = await closedPort();
    const t = transport(`http://127.0.0.1:${port}`, {
      retry: { maxAttempts: 1 },
      circuit: { consecutiveFailures: 3, halfOpenAfterMs: 200 },
      onReachability: (reachable) => events.push(reachable),
    });
    for (let i = 0; i < 3; i++) await failure(t.send({ operation: 'auditor.planInfo', method: 'GET' }));
    const fastFail = await failure(t.send({ operation: 'auditor.planInfo', method: 'GET' }));
    expect(fastFail.code).toBe('OFFLINE');
    expect(events).toEqual([false]);
    // The API comes back on the same port.
    const server = http.createServer(ok);
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    closers.push(() => new Promise((r) => server.close(() => r())));
    await new Promise((r) => setTimeout(r, 250));
    expect((await t.send({ operation: 'auditor.planInfo', method: 'GET' })).status).toBe(200);
    expect(events).toEqual([false, true]);
  });
});

describe('ApiTransport limits', () => {
  it('bounds concurrency', async () => {
    const s = await scripted([(_req, res) => setTimeout(() => ok(_req, res), 50)]);
    const t = transport(s.url, { concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => t.send({ operation: 'auditor.planInfo', method: 'GET' })));
    expect(s.maxInFlight()).toBeLessThanOrEqual(3);
    expect(s.requests()).toBe(12);
  });

  it('keeps TikTok reports under the rate limit (the simulator never answers 429)', async () => {
    const sim = await startSimulator({ generationMs: 0 });
    closers.push(sim.close);
    const t = transport(sim.url, { tiktokPerMinute: 10, rateWindowMs: 300 });
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.send({ operation: 'auditor.tiktok', method: 'GET', query: { channel: 'nasa' } }, { rateGroup: 'tiktok-report' }).then((a) => a.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // 25 calls at 10 a window need at least two full windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('stops when the caller aborts', async () => {
    const s = await scripted([() => undefined]);
    const controller = new AbortController();
    const pending = transport(s.url, { timeoutMs: 5000 }).send({ operation: 'auditor.planInfo', method: 'GET' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
  });
});

describe('ApiTransport answer cap', () => {
  it('stops reading an endless answer with no length at the cap: a lost answer, never sent again, memory flat', async () => {
    let sent = 0;
    let closed = false;
    const s = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!closed && res.write(chunk)) sent += chunk.length;
          if (!closed) res.once('drain', pump);
        };
        res.on('close', () => (closed = true));
        res.write('{"result":"');
        pump();
      },
    ]);
    const cap = 2 * 1024 * 1024;
    const e = await failure(transport(s.url, { maxAnswerBytes: cap, timeoutMs: 10_000 }).send({ operation: 'auditor.report', method: 'GET' }, { paid: true }));
    expect(e.code).toBe('API_MALFORMED_RESPONSE');
    expect(e.outcome).toBe('unknown');
    expect(e.detail).toMatch(/larger than 2 MB/);
    expect(s.requests()).toBe(1);
    await expect.poll(() => closed).toBe(true);
    // What was sent before the cut is the cap and what the sockets buffered, not the endless rest.
    expect(sent).toBeLessThan(cap * 8);
  });

  it('refuses an answer whose declared length passes the cap before reading it', async () => {
    const s = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 * 1024) });
        res.write('{"result":"');
      },
    ]);
    const e = await failure(transport(s.url, { maxAnswerBytes: 1024 * 1024 }).send({ operation: 'auditor.planInfo', method: 'GET' }));
    expect(e.code).toBe('API_MALFORMED_RESPONSE');
    expect(e.detail).toMatch(/larger than 1 MB/);
  });
});
