import { describe, expect, it } from 'vitest';
import type { PictureAnswer } from '@shared/pictures';
import { pictureBatcher } from './pictureBatch';

const flush = () => new Promise((r) => setTimeout(r, 0));
const picture = (url: string): PictureAnswer => ({ dataUrl: `data:image/png;base64,${Buffer.from(url).toString('base64')}` });

/** A main that answers from a set of stored URLs, `later` past `room` pictures per call, and records its calls. */
function fakeMain(stored: Set<string>, room = Infinity) {
  const calls: string[][] = [];
  const ask = async (urls: string[]) => {
    calls.push(urls);
    return urls.map((url, i): PictureAnswer => (i >= room ? { later: true } : stored.has(url) ? picture(url) : null));
  };
  return { calls, ask };
}

describe('pictureBatcher', () => {
  it('sends the pictures asked for in one turn as one call, each URL once', async () => {
    const main = fakeMain(new Set(['a', 'b']));
    const load = pictureBatcher(main.ask);
    const answers = Promise.all([load('a'), load('b'), load('a'), load('c')]);
    expect(main.calls).toEqual([]);
    expect(await answers).toEqual([picture('a'), picture('b'), picture('a'), null].map((p) => (p && 'dataUrl' in p ? p.dataUrl : null)));
    expect(main.calls).toEqual([['a', 'b', 'c']]);
    // A later turn is a call of its own.
    await load('b');
    expect(main.calls).toEqual([['a', 'b', 'c'], ['b']]);
  });

  it('splits what is asked into calls of at most `perCall`', async () => {
    const urls = Array.from({ length: 7 }, (_, i) => `u${i}`);
    const main = fakeMain(new Set(urls));
    const load = pictureBatcher(main.ask, 3);
    await Promise.all(urls.map(load));
    expect(main.calls).toEqual([['u0', 'u1', 'u2'], ['u3', 'u4', 'u5'], ['u6']]);
  });

  it('asks again for the pictures answered `later` until every one has come', async () => {
    const urls = ['a', 'b', 'c', 'd', 'e'];
    const main = fakeMain(new Set(urls), 2);
    const load = pictureBatcher(main.ask);
    const answers = await Promise.all(urls.map(load));
    expect(answers).toEqual(urls.map((u) => (picture(u) as { dataUrl: string }).dataUrl));
    expect(main.calls).toEqual([urls, ['c', 'd', 'e'], ['e']]);
  });

  it('fails every picture of a failed call, and only those', async () => {
    let calls = 0;
    const load = pictureBatcher(async (urls) => {
      if (++calls === 1) throw new Error('main is gone');
      return urls.map(picture);
    }, 2);
    const first = load('a');
    const second = load('b');
    const third = load('c');
    await expect(first).rejects.toThrow('main is gone');
    await expect(second).rejects.toThrow('main is gone');
    await expect(third).resolves.toMatch(/^data:image\//);
    await flush();
  });

  it('reads an answer that is not a picture (a broken host, a short list) as "not stored"', async () => {
    const load = pictureBatcher(async () => [{ dataUrl: 'javascript:alert(1)' }, 'x'] as unknown as PictureAnswer[]);
    expect(await Promise.all([load('a'), load('b'), load('c')])).toEqual([null, null, null]);
  });
});
