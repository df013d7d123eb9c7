// Helpers for the report generators' tests: inputs, and typed access into generated JSON.
import { expect } from 'vitest';
import { testCdn } from '../cdn';
import type { Network } from '../random';
import type { ReportInput } from './context';

/**
 * How many runs a property makes: `fallback`, or SCOUT_PROPERTY_RUNS when set, for a long soak
 * (`SCOUT_PROPERTY_RUNS=10000 npx vitest run …`). The seed stays random either way; fast-check
 * prints it with the counterexample when a run fails.
 */
export function propertyRuns(fallback: number): number {
  return soakRuns() ?? fallback;
}

/** SCOUT_PROPERTY_RUNS, if set: a soak, whose tests take minutes and so have no time limit. */
export function soakRuns(): number | null {
  const text = process.env.SCOUT_PROPERTY_RUNS;
  if (text === undefined || text === '') return null;
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`SCOUT_PROPERTY_RUNS must be a positive integer, not ${JSON.stringify(text)}`);
  return runs;
}

/** The paths of every -0 in a JSON-like tree (JSON cannot carry one: it reads back as 0). */
export function negativeZeros(value: unknown): string[] {
  const found: string[] = [];
  if (Object.is(value, -0)) found.push('(root)');
  walk(value, (node, path) => {
    for (const [key, v] of Object.entries(node)) if (Object.is(v, -0)) found.push(path ? `${path}.${key}` : key);
  });
  return found;
}

/** A fixed simulated "today": 4 July 2026, 12:30 UTC. */
export const NOW = Date.UTC(2026, 6, 4, 12, 30);

export function input(network: Network, name: string, extra: Partial<ReportInput> = {}): ReportInput {
  return { network, name, now: NOW, cdn: testCdn, lowConfidence: false, ...extra };
}

/** The value at a dotted path (`report.metrics.er.performance.30d.value`); array steps are indices. */
export function at(value: unknown, path: string): unknown {
  let node = value;
  for (const step of path.split('.')) {
    if (node === null || typeof node !== 'object') throw new Error(`no ${step} in ${path}`);
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

export function rec(value: unknown, path?: string): Record<string, unknown> {
  const node = path === undefined ? value : at(value, path);
  expect(node, path).toBeTypeOf('object');
  expect(node, path).not.toBeNull();
  expect(Array.isArray(node), path).toBe(false);
  return node as Record<string, unknown>;
}

export function list(value: unknown, path?: string): unknown[] {
  const node = path === undefined ? value : at(value, path);
  expect(Array.isArray(node), path).toBe(true);
  return node as unknown[];
}

export function num(value: unknown, path?: string): number {
  const node = path === undefined ? value : at(value, path);
  expect(node, path).toBeTypeOf('number');
  return node as number;
}

/** Asserts an object has (at least) these keys. */
export function expectKeys(value: unknown, keys: readonly string[], path?: string): void {
  const node = rec(value, path);
  for (const key of keys) expect(node, `${path ?? ''} should have ${key}`).toHaveProperty([key]);
}

/** Asserts a `performance` object has exactly these period keys, each with these fields. */
export function expectPerformance(value: unknown, periods: readonly string[], fields: readonly string[], path?: string): void {
  const node = rec(value, path);
  expect(Object.keys(node).sort(), path).toEqual([...periods].sort());
  for (const period of periods) expectKeys(node, fields, period);
}

export function sum(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

export function expectHundred(values: readonly number[], label?: string): void {
  expect(values.length, label).toBeGreaterThan(0);
  for (const v of values) expect(v, label).toBeGreaterThanOrEqual(0);
  expect(Math.abs(sum(values) - 100), label).toBeLessThan(1e-6);
}

/** Calls `visit` on every object and array in a JSON tree, with its dotted path. */
export function walk(value: unknown, visit: (node: Record<string, unknown> | unknown[], path: string) => void, path = ''): void {
  if (value === null || typeof value !== 'object') return;
  visit(value as Record<string, unknown>, path);
  for (const [key, child] of Object.entries(value)) walk(child, visit, path ? `${path}.${key}` : key);
}

export const FULL = ['7d', '30d', '90d', '180d', '365d', 'all'] as const;
export const AGE_KEYS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export const ISO_UPPER = /^[A-Z]{2}$/;
export const ISO_LOWER = /^[a-z]{2}$/;
