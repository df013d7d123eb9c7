// Browser mode serves archived PDFs at /archive/<id>.pdf: only ids the archive knows, only with
// a session, never a path from the client.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../kernel/eventBus';
import { Logger } from '../platform/log';
import { startLoopbackServer, type LoopbackServer } from './loopbackHttp';

let server: LoopbackServer;
let session: string;
let dir: string;
const asked: number[] = [];
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF\n', 'latin1');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-archive-route-'));
  fs.writeFileSync(path.join(dir, 'twitch-nasa.pdf'), pdfBytes);
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'not for the page');
  const files = new Map([
    [7, path.join(dir, 'twitch-nasa.pdf')],
    // A row whose file has gone: the archive answers null for it.
    [8, null],
  ]);
  server = await startLoopbackServer({
    dispatch: async () => ({ ok: true, value: null }),
    events: new EventBus(),
    logger: new Logger('error'),
    archiveFile: (id) => {
      asked.push(id);
      return files.get(id) ?? null;
    },
  });
  session = server.createSession();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = { authorization: `Bearer ${session}` }, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser mode: /archive/<id>.pdf', () => {
  it('serves an archived PDF inline, as a PDF, to a session', async () => {
    const reply = await get('/archive/7.pdf');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe('inline; filename="twitch-nasa.pdf"');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.equals(pdfBytes)).toBe(true);
    const head = await get('/archive/7.pdf', { authorization: `Bearer ${session}` }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(pdfBytes.length));
  });

  it('serves nothing without a session, or with a wrong one', async () => {
    asked.length = 0;
    expect((await get('/archive/7.pdf', {})).status).toBe(401);
    expect((await get('/archive/7.pdf', { authorization: 'Bearer guessed' })).status).toBe(401);
    expect((await get('/archive/7.pdf', { cookie: `${server.cookieName}=guessed` })).status).toBe(401);
    // Refused before the archive is even asked.
    expect(asked).toEqual([]);
  });

  it('serves only ids the archive knows, and takes no path from the client', async () => {
    asked.length = 0;
    expect((await get('/archive/8.pdf')).status).toBe(404);
    expect((await get('/archive/9.pdf')).status).toBe(404);
    expect(asked).toEqual([8, 9]);
    asked.length = 0;
    for (const attempt of ['/archive/0.pdf', '/archive/-1.pdf', '/archive/7', '/archive/7.txt', '/archive/secret.txt', '/archive/..%2fsecret.txt', '/archive/7.pdf/..', '/archive/%2e%2e/secret.txt', '/archive/07.pdf']) {
      const reply = await get(attempt);
      expect(reply.status, attempt).toBe(404);
      expect(reply.body.toString()).not.toContain('not for the page');
    }
    // None of those reached the archive as an id.
    expect(asked).toEqual([]);
    // Not a POST either.
    expect((await get('/archive/7.pdf', { authorization: `Bearer ${session}` }, 'POST')).status).toBe(404);
  });
});
