// A researcher's own note, tags (migration 0220) and status (0260) on an account, and the
// workspace's status steps. An account with none of the three has no row.
import type { Db } from '../../platform/cache/database';
import type { Network } from '../../platform/api/types';
import { cleanTags, MAX_ACCOUNT_NOTE } from '@shared/accountNotes';
import type { StatusStep } from '@shared/workflow';
import { statusStepsSchema } from '@shared/workflowSchema';
import { accountKey as keyOf } from '../../platform/cache/repositories/common';

export interface AccountNotes {
  id: number;
  network: Network;
  accountKey: string;
  note: string;
  tags: string[];
  /** A status step's id; null: no status. */
  status: string | null;
  updatedAt: number;
}

type Row = { id: number; network: Network; account_key: string; note: string; tags: string; status: string | null; updated_at: number };
const toNotes = (r: Row): AccountNotes => ({ id: r.id, network: r.network, accountKey: r.account_key, note: r.note, tags: JSON.parse(r.tags) as string[], status: r.status, updatedAt: r.updated_at });

export class AccountNotesRepository {
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      all: db.prepare<[], Row>('SELECT * FROM account_notes ORDER BY updated_at DESC, id DESC'),
      byId: db.prepare<[number], Row>('SELECT * FROM account_notes WHERE id = ?'),
      byAccount: db.prepare<[string, string], Row>('SELECT * FROM account_notes WHERE network = ? AND account_key = ?'),
      put: db.prepare<[string, string, string, string, string | null, number]>(
        `INSERT INTO account_notes (network, account_key, note, tags, status, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (network, account_key) DO UPDATE SET note = excluded.note, tags = excluded.tags, status = excluded.status, updated_at = excluded.updated_at`,
      ),
      steps: db.prepare<[], StatusStep>('SELECT id, label FROM status_steps ORDER BY position'),
      clearSteps: db.prepare('DELETE FROM status_steps'),
      addStep: db.prepare<[string, string, number]>('INSERT INTO status_steps (id, label, position) VALUES (?, ?, ?)'),
      // A removed step's accounts lose their status; a row left with nothing goes.
      orphanStatus: db.prepare("UPDATE account_notes SET status = NULL WHERE status IS NOT NULL AND status NOT IN (SELECT id FROM status_steps)"),
      emptyRows: db.prepare("DELETE FROM account_notes WHERE note = '' AND tags = '[]' AND status IS NULL"),
      statusCounts: db.prepare<[], { status: string; n: number }>('SELECT status, count(*) AS n FROM account_notes WHERE status IS NOT NULL GROUP BY status'),
      remove: db.prepare<[string, string]>('DELETE FROM account_notes WHERE network = ? AND account_key = ?'),
      removeId: db.prepare<[number]>('DELETE FROM account_notes WHERE id = ?'),
    };
  }

  list(): AccountNotes[] {
    return this.s.all.all().map(toNotes);
  }

  get(network: Network, accountKey: string): AccountNotes | null {
    const row = this.s.byAccount.get(network, keyOf(accountKey));
    return row ? toNotes(row) : null;
  }

  byId(id: number): AccountNotes | null {
    const row = this.s.byId.get(id);
    return row ? toNotes(row) : null;
  }

  /**
   * Sets an account's note and tags (tags cleaned) and, when given, its status (undefined keeps
   * the one it has); none of the three left removes its row. Null when nothing is kept.
   */
  set(network: Network, accountKey: string, value: { note: string; tags: readonly string[]; status?: string | null }, at: number): AccountNotes | null {
    const key = keyOf(accountKey);
    const note = value.note.trim();
    if (note.length > MAX_ACCOUNT_NOTE) throw new RangeError(`A note is at most ${MAX_ACCOUNT_NOTE} characters.`);
    const tags = cleanTags(value.tags);
    const status = value.status === undefined ? (this.s.byAccount.get(network, key)?.status ?? null) : value.status;
    if (note === '' && tags.length === 0 && status === null) {
      this.s.remove.run(network, key);
      return null;
    }
    this.s.put.run(network, key, note, JSON.stringify(tags), status, Math.round(at));
    return this.get(network, key);
  }

  /** The workspace's status steps, in order. */
  steps(): StatusStep[] {
    return this.s.steps.all();
  }

  /** How many accounts are at each step, by step id. */
  statusCounts(): Map<string, number> {
    return new Map(this.s.statusCounts.all().map((r) => [r.status, r.n]));
  }

  /**
   * Replaces the steps (checked by statusStepsSchema) in one transaction: a kept id keeps its
   * accounts under its new name and place; a removed step's accounts lose their status. Answers
   * how many accounts lost theirs.
   */
  setSteps(steps: readonly StatusStep[]): { cleared: number } {
    const parsed = statusStepsSchema.parse(steps);
    return this.db.transaction(() => {
      this.s.clearSteps.run();
      parsed.forEach((step, i) => this.s.addStep.run(step.id, step.label, i + 1));
      const cleared = this.s.orphanStatus.run().changes;
      this.s.emptyRows.run();
      return { cleared };
    })();
  }

  remove(id: number): boolean {
    return this.s.removeId.run(id).changes > 0;
  }
}

/** The research workflow's status steps are one shared thing: its (only) local id. */
export const STEPS_LOCAL_ID = 1;
