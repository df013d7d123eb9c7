import { describe, expect, it } from 'vitest';
import { nextTurn, TimeSlices } from './timeSlices';

describe('nextTurn', () => {
  it('lets a timer that falls due meanwhile run first, even when awaited from a timer', async () => {
    const order: string[] = [];
    await new Promise<void>((done) => {
      // Work started from a timer's callback, as a probe or a due schedule would start it.
      setTimeout(() => {
        const start = performance.now();
        setTimeout(() => order.push('timer'), 0);
        // Long enough for the 0 ms timer (1 ms in Node) to be due before the work yields.
        while (performance.now() - start < 5);
        void nextTurn().then(() => {
          order.push('after the turn');
          done();
        });
      }, 0);
    });
    expect(order).toEqual(['timer', 'after the turn']);
  });

  it('lets I/O waiting run first', async () => {
    const order: string[] = [];
    const { readFile } = await import('node:fs/promises');
    const read = readFile(__filename).then(() => order.push('read'));
    // The read's completion is waiting once the thread pool has done it (a few ms when quiet; a
    // loaded machine's thread pool gets a quarter of a second).
    await new Promise((resolve) => setTimeout(resolve, 250));
    const start = performance.now();
    while (performance.now() - start < 5);
    await nextTurn();
    order.push('after the turn');
    await read;
    expect(order).toEqual(['read', 'after the turn']);
  });
});

describe('TimeSlices', () => {
  it('yields once its budget is spent and stops at a cancel', async () => {
    const controller = new AbortController();
    const slices = new TimeSlices(controller.signal, 2);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    try {
      const start = performance.now();
      while (performance.now() - start < 30) await slices.due();
      expect(ticks).toBeGreaterThan(3);
    } finally {
      clearInterval(ticker);
    }
    controller.abort();
    await expect(slices.due()).rejects.toThrow();
  });
});
