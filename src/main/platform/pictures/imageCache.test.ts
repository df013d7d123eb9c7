import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../cache/database';
import { ImagesRepository } from '../cache/repositories';
import { rawServer } from '../../../../test/support';
import { ImageCache, MAX_IMAGE_BYTES, pictureUrls } from './imageCache';

// Picture links come from API data: each refusal is proved against a real loopback server that
// records what reached it.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function server(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const paths: string[] = [];
  const s = await rawServer((req, res) => {
    paths.push(req.url ?? '');
    handler(req, res);
  });
  closers.push(s.close);
  return { url: s.url, origin: new URL(s.url).origin, paths };
}

function cache(loopbackOrigin: string | null) {
  const repo = new ImagesRepository(openDatabase(':memory:'));
  return new ImageCache(repo, undefined, { loopbackOrigin: async () => loopbackOrigin, timeoutMs: 5000 });
}

const png = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);

describe('ImageCache', () => {
  it('stores a picture from the allowed loopback origin (the demo simulator)', async () => {
    const cdn = await server((_req, res) => png(res));
    const images = cache(cdn.origin);
    expect(await images.ensure([`${cdn.url}/a.png`])).toBe(1);
    expect(Buffer.from(images.get(`${cdn.url}/a.png`)!.bytes)).toEqual(PNG);
  });

  it('refuses http links anywhere else, without sending a request', async () => {
    const cdn = await server((_req, res) => png(res));
    const images = cache(null);
    expect(await images.ensure([`${cdn.url}/a.png`, `http://localhost:${new URL(cdn.url).port}/b.png`, 'ftp://example.com/c.png'])).toBe(0);
    expect(cdn.paths).toEqual([]);
  });

  it('refuses a redirect to another host, which gets no request', async () => {
    const other = await server((_req, res) => png(res));
    const cdn = await server((_req, res) => res.writeHead(302, { location: `${other.url}/stolen.png` }).end());
    const images = cache(cdn.origin);
    expect(await images.ensure([`${cdn.url}/a.png`])).toBe(0);
    expect(cdn.paths).toEqual(['/a.png']);
    expect(other.paths).toEqual([]);
  });

  it('follows a few redirects on the same host, and no more', async () => {
    const cdn = await server((req, res) => {
      const hop = Number(/\/hop(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (req.url?.startsWith('/final')) return png(res);
      if (req.url?.startsWith('/short')) return res.writeHead(301, { location: '/final.png' }).end();
      res.writeHead(307, { location: `/hop${hop + 1}` }).end();
    });
    const images = cache(cdn.origin);
    expect(await images.ensure([`${cdn.url}/short.png`])).toBe(1);
    expect(await images.ensure([`${cdn.url}/hop0`])).toBe(0);
    expect(cdn.paths.filter((p) => p.startsWith('/hop'))).toEqual(['/hop0', '/hop1', '/hop2', '/hop3']);
  });

  it('refuses a declared content-length over 5 MB before reading the body', async () => {
    let written = 0;
    let closedEarly = false;
    const cdn = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_IMAGE_BYTES + 1 });
      // Send a little and then hold: a client that waited for the whole body would time out.
      res.write(Buffer.alloc(1024));
      written += 1024;
      res.on('close', () => {
        closedEarly = written < MAX_IMAGE_BYTES;
      });
    });
    const images = cache(cdn.origin);
    const started = Date.now();
    expect(await images.ensure([`${cdn.url}/huge.png`])).toBe(0);
    expect(Date.now() - started).toBeLessThan(4000);
    await expect.poll(() => closedEarly).toBe(true);
  });

  it('stops reading a body without a length as soon as it passes 5 MB', async () => {
    let written = 0;
    const cdn = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024);
      const pump = () => {
        while (!res.destroyed && written < 40 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const images = cache(cdn.origin);
    expect(await images.ensure([`${cdn.url}/endless.png`])).toBe(0);
    expect(images.get(`${cdn.url}/endless.png`)).toBeNull();
    // The server would send 40 MB; it got to write the limit plus what loopback socket buffers
    // hold (a few MB) before the client hung up.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses what is not an image', async () => {
    const cdn = await server((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>x</script>'));
    expect(await cache(cdn.origin).ensure([`${cdn.url}/page`])).toBe(0);
  });

  it('asks for the loopback origin once for many http links, and not at all without one; refused links reach no server', async () => {
    const cdn = await server((_req, res) => png(res));
    let asked = 0;
    const images = new ImageCache(new ImagesRepository(openDatabase(':memory:')), undefined, {
      loopbackOrigin: async () => {
        asked++;
        return cdn.origin;
      },
    });
    const links = [...Array.from({ length: 30 }, (_, i) => `${cdn.url}/p${i}.png`), 'http://cdn.test/x.png', 'not a link', 'ftp://example.com/y.png'];
    expect(await images.ensure(links)).toBe(30);
    expect(asked).toBe(1);
    expect(cdn.paths.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `/p${i}.png`).sort());
    expect(await images.ensure(['https://127.0.0.1:1/never.png'])).toBe(0);
    expect(asked).toBe(1);
  });
});

describe('pictureUrls', () => {
  it('finds the links under picture keys at any depth up to 12, in order, each once, up to the limit', () => {
    let deep: unknown = { avatar_url: 'https://cdn.example/too-deep.png' };
    for (let i = 0; i < 12; i++) deep = { next: deep };
    const answer = {
      user: { avatar_url: 'https://cdn.example/a.png', name: 'https://cdn.example/not-a-picture-key.png', photo_url: 'ftp://cdn.example/b.png' },
      posts: [{ thumbnail: 'http://cdn.example/t1.png' }, { thumbnail: 'https://cdn.example/t2.png', preview_url: 'https://cdn.example/p2.png' }, { thumbnail: 'https://cdn.example/a.png' }],
      lists: [[{ avatarUrl: 'https://cdn.example/nested.png' }]],
      odd: { thumbnail: 42, avatar_url: null },
      deep,
    };
    expect(pictureUrls(answer)).toEqual(['https://cdn.example/a.png', 'http://cdn.example/t1.png', 'https://cdn.example/t2.png', 'https://cdn.example/p2.png', 'https://cdn.example/nested.png']);
    expect(pictureUrls(answer, 2)).toEqual(['https://cdn.example/a.png', 'http://cdn.example/t1.png']);
    let eleven: unknown = { avatar_url: 'https://cdn.example/deep-enough.png' };
    for (let i = 0; i < 11; i++) eleven = { next: eleven };
    expect(pictureUrls(eleven)).toEqual(['https://cdn.example/deep-enough.png']);
    expect(pictureUrls(null)).toEqual([]);
  });
});
