// The tray's pure rules: what a picked account is, what survives of a stored tray, and when the
// tray can be compared. No store, no DOM: unit-tested in Node.
import type { Network } from '@shared/reports';
import { COMPARE_MAX } from '@shared/compare';

/** One picked account, with what the tray shows of it (read when it was picked). */
export interface PickedAccount {
  network: Network;
  /** The cache key: how main's snapshots and the library name the account. */
  accountKey: string;
  title: string | null;
  username: string;
  avatarUrl: string | null;
}

/** The tray holds a few more than Compare takes, so the researcher sees what to remove. */
export const TRAY_LIMIT = 30;

export const pickKey = (p: { network: string; accountKey: string }) => `${p.network}:${p.accountKey}`;

/** What survives of a stored tray: well-formed entries only, each once, at most TRAY_LIMIT. */
export function cleanPicks(value: unknown): PickedAccount[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: PickedAccount[] = [];
  for (const v of value as Partial<PickedAccount>[]) {
    if (!v || typeof v.network !== 'string' || typeof v.accountKey !== 'string' || typeof v.username !== 'string') continue;
    const key = pickKey(v as PickedAccount);
    if (seen.has(key) || out.length >= TRAY_LIMIT) continue;
    seen.add(key);
    out.push({
      network: v.network,
      accountKey: v.accountKey,
      username: v.username,
      title: typeof v.title === 'string' ? v.title : null,
      avatarUrl: typeof v.avatarUrl === 'string' ? v.avatarUrl : null,
    });
  }
  return out;
}

/** Why the tray cannot be compared as it is, in words; null when it can. */
export function trayProblem(count: number): string | null {
  if (count < 2) return count === 0 ? 'Pick at least two accounts to compare.' : 'Pick one more account to compare.';
  if (count > COMPARE_MAX) return `Compare takes at most ${COMPARE_MAX} accounts: remove ${count - COMPARE_MAX}.`;
  return null;
}
