import http from 'node:http';
import { expect, test } from './fixtures';

function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

test('the browser-mode server wants its token and its own host name', async ({ scout }) => {
  const token = new URL(scout.launchUrl).searchParams.get('token')!;
  expect(await get(scout.origin, '/')).toBe(401);
  expect(await get(scout.origin, '/', { authorization: `Bearer ${token}` })).toBe(200);
  expect(await get(scout.origin, '/', { authorization: `Bearer ${token}`, host: 'evil.example' })).toBe(421);
});

test('a page on another origin cannot call the contract', async ({ page, scout }) => {
  await scout.open(page);
  // Even from a page that knows the address, a cross-origin call is refused by the server
  // (Origin check) and blocked by the browser (no CORS grant).
  const result = await page.evaluate(async (origin) => {
    const other = origin.replace('127.0.0.1', 'localhost');
    try {
      const r = await fetch(`${other}/rpc/app:info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return r.status;
    } catch {
      return 'blocked';
    }
  }, scout.origin);
  expect(result).toBe('blocked');
});
