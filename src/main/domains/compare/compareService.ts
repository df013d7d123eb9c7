// Saved comparisons: each account pinned to the snapshot the comparison was made from, so a
// sheet already sent never changes when an account is refreshed; `get` says where newer data
// exists, and Update is the renderer saving again with the ids `latest` gives.
import {
  COMPARE_MAX,
  COMPARE_MIN,
  comparePeriods,
  comparisonFields,
  comparisonNoteField,
  seenComparisonFields,
  type ComparePeriod,
  type ComparisonSeen,
  type ComparisonView,
  type LatestSnapshot,
  type SavedComparison,
} from '@shared/compare';
import { changedSince } from '@shared/teamSeen';
import type { AccountRef } from '@shared/accountInput';
import { accountText } from '@shared/accountInput';
import { ScoutError } from '@shared/errors';
import type { ComparisonsRepository } from './comparisonsRepository';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';

export interface ComparisonRequest {
  /** Replaces this comparison; a new one when absent. */
  id?: number;
  name: string;
  period: ComparePeriod;
  items: readonly { network: AccountRef['network']; account: AccountRef; snapshotId: number; note: string }[];
  /**
   * What its editor showed when the researcher began: only what they changed from it (the name,
   * the period, a note) is applied to the comparison as it is now, and a Team workspace shares
   * the edit as made on `seen.version`.
   */
  seen?: ComparisonSeen;
}

export const MAX_NAME_CHARS = 120;
export const MAX_NOTE_CHARS = 2000;

export class CompareService {
  constructor(
    private readonly repo: ComparisonsRepository,
    private readonly now: () => number = Date.now,
    /** A Team workspace's shared work: told after each save or delete, it queues what changed. */
    private readonly onEdit?: OnSharedEdit,
    /** A Team workspace's shared work: a comparison's version, what its editor starts from. */
    private readonly teamVersion?: TeamVersionOf,
  ) {}

  list(): SavedComparison[] {
    return this.repo.list().map((c) => this.withTeam(c));
  }

  get(id: number): ComparisonView | null {
    const saved = this.repo.get(id);
    return saved ? this.withTeam({ ...saved, newer: this.repo.newer(id) }) : null;
  }

  private withTeam<T extends SavedComparison>(c: T): T {
    return stamped(c, 'comparison', c.id, this.teamVersion);
  }

  /** The request with only what its editor changed from `seen` applied over the comparison as it is now. */
  private overNow(request: ComparisonRequest): ComparisonRequest {
    const now = request.id !== undefined && request.seen ? this.repo.get(request.id) : null;
    if (!now || !request.seen) return request;
    const asSent = comparisonFields({ name: request.name, period: request.period, items: request.items.map((i) => ({ network: i.account.network, accountKey: i.account.key, note: i.note })) });
    const fields = { ...comparisonFields(now), ...changedSince(seenComparisonFields(request.seen), asSent) };
    return {
      ...request,
      name: fields.name ?? request.name,
      period: (fields.period ?? request.period) as ComparePeriod,
      items: request.items.map((i) => ({ ...i, note: fields[comparisonNoteField({ network: i.account.network, accountKey: i.account.key })] ?? i.note })),
    };
  }

  /** Checks the whole comparison before anything is written: a refused one changes nothing. */
  save(sent: ComparisonRequest): SavedComparison {
    const request = this.overNow(sent);
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
    this.onEdit?.('comparison', seenEdit(saved.id, request.seen));
    return this.withTeam(saved);
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
