// Saved comparisons: each account pinned to the snapshot the comparison was made from, so a
// sheet already sent never changes when an account is refreshed; `get` says where newer data
// exists, and Update is the renderer saving again with the ids `latest` gives.
import { COMPARE_MAX, COMPARE_MIN, comparePeriods, type ComparePeriod, type ComparisonView, type LatestSnapshot, type SavedComparison } from '@shared/compare';
import type { AccountRef } from '@shared/accountInput';
import { accountText } from '@shared/accountInput';
import { ScoutError } from '@shared/errors';
import type { ComparisonsRepository } from '../cache/repositories';
import type { SharedKind } from '../team/sharedWork';

export interface ComparisonRequest {
  /** Replaces this comparison; a new one when absent. */
  id?: number;
  name: string;
  period: ComparePeriod;
  items: readonly { network: AccountRef['network']; account: AccountRef; snapshotId: number; note: string }[];
}

export const MAX_NAME_CHARS = 120;
export const MAX_NOTE_CHARS = 2000;

export class CompareService {
  constructor(
    private readonly repo: ComparisonsRepository,
    private readonly now: () => number = Date.now,
    /** A Team workspace's shared work: told after each save or delete, it queues what changed. */
    private readonly onEdit?: (kind: SharedKind) => void,
  ) {}

  list(): SavedComparison[] {
    return this.repo.list();
  }

  get(id: number): ComparisonView | null {
    const saved = this.repo.get(id);
    return saved ? { ...saved, newer: this.repo.newer(id) } : null;
  }

  /** Checks the whole comparison before anything is written: a refused one changes nothing. */
  save(request: ComparisonRequest): SavedComparison {
    const name = request.name.trim();
    if (name.length < 1 || name.length > MAX_NAME_CHARS) invalid(`A comparison’s name is 1 to ${MAX_NAME_CHARS} characters.`);
    if (!comparePeriods.includes(request.period)) invalid(`${String(request.period)} is not a period Compare knows.`);
    const count = request.items.length;
    if (count < COMPARE_MIN || count > COMPARE_MAX) invalid(`A comparison holds ${COMPARE_MIN} to ${COMPARE_MAX} accounts; this one has ${count}.`);
    const seen = new Set<string>();
    const items = request.items.map(({ account, snapshotId, note }) => {
      const named = `${accountText(account)} (${account.network})`;
      const key = `${account.network}:${account.key}`;
      if (seen.has(key)) invalid(`${named} is in the comparison twice.`);
      seen.add(key);
      if (note.length > MAX_NOTE_CHARS) invalid(`The note on ${named} is longer than ${MAX_NOTE_CHARS} characters.`);
      const owner = this.repo.ownerOf(snapshotId);
      if (!owner) invalid(`The report of ${named} it was made from is not in this workspace’s cache.`);
      if (owner.network !== account.network || owner.accountKey !== account.key) invalid(`The report chosen for ${named} is a report of another account.`);
      return { network: account.network, accountKey: account.key, snapshotId, note };
    });
    const saved = this.repo.save(request.id ?? null, { name, period: request.period, items }, this.now());
    if (!saved) invalid('That comparison is no longer saved; it may have been deleted. Save it as a new one.');
    this.onEdit?.('comparison');
    return saved;
  }

  delete(id: number): boolean {
    const deleted = this.repo.delete(id);
    if (deleted) this.onEdit?.('comparison');
    return deleted;
  }

  /** The newest cached snapshot of each account, in the order asked; accounts never fetched are left out. */
  latest(accounts: readonly AccountRef[]): LatestSnapshot[] {
    return accounts.flatMap((account) => this.repo.latest(account.network, account.key) ?? []);
  }
}

function invalid(message: string): never {
  throw new ScoutError({ code: 'INVALID_INPUT', message });
}
