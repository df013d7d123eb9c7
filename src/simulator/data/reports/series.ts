// Time series: the daily follower curve every network's growth numbers come from, and the
// weekly snapshots of the metrics-history endpoints.
import type { Mark, Rng } from '../random';
import { benchmark, DAY_MS, startOfDay } from './common';

/** Days of follower history kept: Instagram's followers_chart (~1,000 points), and enough for a 365d value_prev. */
export const FOLLOWER_DAYS = 1000;

/** Typical growth of an account over 30 days, percent: where old history drifts back to. */
const TYPICAL_GROWTH_30D = 1.5;

/**
 * Daily follower counts, oldest first, ending today at exactly `current`. The curve is walked
 * backwards with day-to-day noise: the last 30 days at the account's 30-day growth (re-centred
 * so that growth is exactly `growth30dPct`, as discovery and lists show it), older days
 * easing towards typical growth, so a shrinking account was not ten times bigger three years ago.
 */
export function dailyFollowers(rng: Rng, current: number, growth30dPct: number, days = FOLLOWER_DAYS): number[] {
  const dailyRate = (pct: number) => Math.log(1 + Math.max(-90, pct) / 100) / 30;
  const recentRate = dailyRate(growth30dPct);
  const typicalRate = dailyRate(TYPICAL_GROWTH_30D);
  const noise = Math.abs(recentRate) * 0.6 + 0.0008;
  const steps = Array.from({ length: days - 1 }, (_, i) => {
    const rate = i < 30 ? recentRate : typicalRate + (recentRate - typicalRate) * Math.exp(-(i - 30) / 120);
    return rate + rng.normal(0, noise);
  });
  const recent = Math.min(30, steps.length);
  const drift = steps.slice(0, recent).reduce((s, v) => s + v, 0) / recent - recentRate;
  for (let i = 0; i < recent; i++) steps[i] = steps[i]! - drift;
  const out = new Array<number>(days);
  let log = Math.log(current);
  out[days - 1] = current;
  for (let i = 0; i < steps.length; i++) {
    log -= steps[i]!;
    out[days - 2 - i] = Math.round(Math.exp(log));
  }
  return out;
}

/** Growth over each period with a peer benchmark scaled to the period's length. */
export function growthPerformance(rng: Rng, series: readonly number[]): (days: number) => { value: number; similar: number; mark: Mark } {
  return (days) => {
    const value = growthPrc(series, days);
    return { value, ...benchmark(rng, value, { typical: (TYPICAL_GROWTH_30D * days) / 30 }) };
  };
}

/** The value `daysAgo` days before the last point (clamped to the first). */
export function valueDaysAgo(series: readonly number[], daysAgo: number): number {
  return series[Math.max(0, series.length - 1 - daysAgo)]!;
}

/** New followers over the last `days` days (negative when the account shrank). */
export function gain(series: readonly number[], days: number, offset = 0): number {
  return valueDaysAgo(series, offset) - valueDaysAgo(series, offset + days);
}

/** Growth over the last `days` days, in percent. */
export function growthPrc(series: readonly number[], days: number, offset = 0): number {
  const start = valueDaysAgo(series, offset + days);
  return start > 0 ? (gain(series, days, offset) / start) * 100 : 0;
}

/** A random walk of `count` integers ending at `current` (following counts and the like). */
export function walkTo(rng: Rng, current: number, count: number, sd: number): number[] {
  const out = new Array<number>(count);
  let value = current;
  for (let i = count - 1; i >= 0; i--) {
    out[i] = Math.max(0, Math.round(value));
    value -= rng.normal(0, sd);
  }
  return out;
}

/**
 * Snapshot times (ms, oldest first) every `stepDays` since the account entered the service's
 * database `sinceDays` ago: history starts only then (spec 2.9). The last is today's midnight.
 */
export function snapshotTimes(now: number, sinceDays: number, stepDays: number): number[] {
  const today = startOfDay(now);
  const count = Math.floor(sinceDays / stepDays) + 1;
  return Array.from({ length: count }, (_, i) => today - (count - 1 - i) * stepDays * DAY_MS);
}
