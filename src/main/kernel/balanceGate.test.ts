import { describe, expect, it } from 'vitest';
import { BalanceGate } from './balanceGate';

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('balance gate', () => {
  it('lets shared tasks overlap, never a task that runs alone, first come first served', async () => {
    const gate = new BalanceGate();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const task = (name: string, ms: number) => async () => {
      inside++;
      most = Math.max(most, inside);
      log.push(`+${name}`);
      await tick(ms);
      log.push(`-${name}`);
      inside--;
      return name;
    };
    const all = Promise.all([
      gate.beside(task('p1', 20)),
      gate.beside(task('p2', 20)),
      gate.alone(task('s1', 5)),
      gate.beside(task('p3', 5)),
      gate.alone(task('s2', 5)),
    ]);
    expect(await all).toEqual(['p1', 'p2', 's1', 'p3', 's2']);
    expect(most).toBe(2);
    // s1 starts only after both polls ended; p3 waits for s1, and s2 for p3.
    expect(log).toEqual(['+p1', '+p2', '-p1', '-p2', '+s1', '-s1', '+p3', '-p3', '+s2', '-s2']);
    expect(gate.size).toBe(0);
  });

  it('passes a failure on and keeps going', async () => {
    const gate = new BalanceGate();
    await expect(gate.alone(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.beside(async () => 1)).toBe(1);
  });
});

describe('waiting for the gate to empty', () => {
  it('resolves at once when empty, else only after the last running and waiting task ended, without holding the event loop', async () => {
    const gate = new BalanceGate();
    await gate.whenIdle();
    const ended: string[] = [];
    void gate.alone(async () => {
      await tick(20);
      ended.push('paid');
    });
    void gate.beside(async () => {
      await tick(5);
      ended.push('poll');
    });
    let timerRan = false;
    setTimeout(() => (timerRan = true), 1);
    await gate.whenIdle();
    expect(ended).toEqual(['paid', 'poll']);
    expect(gate.size).toBe(0);
    expect(timerRan).toBe(true);
  });
});
