// A researcher's note and tags on an account: kept in the workspace's own file (account_notes),
// and in a Team workspace shared with the team (sharedDocs.ts: one field per tag, so tags added
// at once on two laptops are all kept). The rules of a tag live in @shared/accountNotes.
import type { AccountRef } from '@shared/accountInput';
import { mergeSeen, tagKey, type AccountNotesSeen, type AccountNotesView } from '@shared/accountNotes';
import type { Network } from '@shared/reports';
import type { StatusStep, StatusStepsView } from '@shared/workflow';
import { ScoutError } from '@shared/errors';
import type { AccountNotesRepository } from './accountNotesRepository';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';
import { STEPS_LOCAL_ID } from './accountNotesRepository';

const empty = (network: Network, accountKey: string): AccountNotesView => ({ network, accountKey, note: '', tags: [], status: null, updatedAt: null });

export class AccountNotesService {
  constructor(
    private readonly repo: AccountNotesRepository,
    private readonly now: () => number = Date.now,
    /**
     * A Team workspace's shared work: told after each save, it queues what changed (`seen`: the
     * row edited and the version its editor showed, the edit's base).
     */
    private readonly onEdit?: OnSharedEdit,
    /** Told when the steps change, for every screen showing them. */
    private readonly onStepsChanged?: (view: StatusStepsView) => void,
    /** A Team workspace's shared work: the version of an account's notes, or of the status steps, as this laptop has them. */
    private readonly teamVersion?: TeamVersionOf,
  ) {}

  /** The account's note and tags; an account with neither has an empty note and no tags. */
  get(ref: AccountRef): AccountNotesView {
    const kept = this.repo.get(ref.network, ref.key);
    if (!kept) return empty(ref.network, ref.key);
    return stamped({ network: kept.network, accountKey: kept.accountKey, note: kept.note, tags: kept.tags, status: kept.status, updatedAt: kept.updatedAt }, 'account_notes', kept.id, this.teamVersion);
  }

  /**
   * Replaces the account's note and tags (tags cleaned as @shared/accountNotes says) and, when
   * given, its status: one of this workspace's steps, or null for none. With `seen` (what the
   * editor showed when the researcher began this edit) only what they changed from it is applied
   * to the notes as they are now (`mergeSeen`), and a Team workspace shares it as made on the
   * version seen: a teammate's change since is one this edit had not seen.
   */
  set(ref: AccountRef, value: { note: string; tags: readonly string[]; status?: string | null; seen?: AccountNotesSeen }): AccountNotesView {
    if (value.status !== undefined && value.status !== null && !this.repo.steps().some((s) => s.id === value.status)) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: 'That status step is not in this workspace’s steps any more. Choose one from the list.' });
    }
    const { seen, ...next } = value;
    const kept = this.repo.get(ref.network, ref.key);
    const wanted = seen ? mergeSeen(kept ?? { note: '', tags: [], status: null }, seen, next) : next;
    const saved = this.repo.set(ref.network, ref.key, wanted, this.now());
    const localId = saved?.id ?? kept?.id;
    this.onEdit?.('account_notes', seenEdit(localId, seen));
    return this.get(ref);
  }

  /** The status steps in order, each with how many accounts are at it. */
  steps(): StatusStepsView {
    const counts = this.repo.statusCounts();
    return stamped({ steps: this.repo.steps().map((s) => ({ ...s, accounts: counts.get(s.id) ?? 0 })) }, 'status_steps', STEPS_LOCAL_ID, this.teamVersion);
  }

  /**
   * Renames, reorders, adds and removes steps at once; a removed step's accounts lose their status.
   * `seen`: the steps' version when their editor opened (a Team workspace shares the change as made on it).
   */
  setSteps(steps: readonly StatusStep[], seen?: { version: number }): StatusStepsView & { cleared: number } {
    const { cleared } = this.repo.setSteps(steps);
    this.onEdit?.('status_steps', seenEdit(STEPS_LOCAL_ID, seen));
    if (cleared > 0) this.onEdit?.('account_notes');
    const view = this.steps();
    this.onStepsChanged?.(view);
    return { ...view, cleared };
  }

  /** Each account's status (a step id), by `network:accountKey`; NO_STATUS is never a key's value. */
  statusOf(): Map<string, string> {
    return new Map(
      this.repo
        .list()
        .filter((n) => n.status !== null)
        .map((n) => [`${n.network}:${n.accountKey}`, n.status!]),
    );
  }

  /** Every account's note, tags and status (accounts with none are not listed). */
  all(): AccountNotesView[] {
    return this.repo.list().map((n) => ({ network: n.network, accountKey: n.accountKey, note: n.note, tags: n.tags, status: n.status, updatedAt: n.updatedAt }));
  }

  /** Every tag in use in this workspace, each spelled as first met, in alphabetical order. */
  tags(): string[] {
    const seen = new Map<string, string>();
    for (const n of this.repo.list()) for (const t of n.tags) if (!seen.has(tagKey(t))) seen.set(tagKey(t), t);
    return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }

  /** Each account's tags, by `network:accountKey`, for the library's rows and its tag filter. */
  tagsByAccount(): Map<string, string[]> {
    return new Map(this.repo.list().filter((n) => n.tags.length > 0).map((n) => [`${n.network}:${n.accountKey}`, n.tags]));
  }
}
