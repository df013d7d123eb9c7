// A researcher's own note and tags on an account (migration 0220). An account with neither a
// note nor a tag has no row.
import type { Db } from '../database';
import type { Network } from '../../api/types';
import { cleanTags, MAX_ACCOUNT_NOTE } from '@shared/accountNotes';
import { accountKey as keyOf } from './common';

export interface AccountNotes {
  id: number;
  network: Network;
  accountKey: string;
  note: string;
  tags: string[];
  updatedAt: number;
}

type Row = { id: number; network: Network; account_key: string; note: string; tags: string; updated_at: number };
const toNotes = (r: Row): AccountNotes => ({ id: r.id, network: r.network, accountKey: r.account_key, note: r.note, tags: JSON.parse(r.tags) as string[], updatedAt: r.updated_at });

export class AccountNotesRepository {
  private readonly s;

  constructor(db: Db) {
    this.s = {
      all: db.prepare<[], Row>('SELECT * FROM account_notes ORDER BY updated_at DESC, id DESC'),
      byId: db.prepare<[number], Row>('SELECT * FROM account_notes WHERE id = ?'),
      byAccount: db.prepare<[string, string], Row>('SELECT * FROM account_notes WHERE network = ? AND account_key = ?'),
      put: db.prepare<[string, string, string, string, number]>(
        `INSERT INTO account_notes (network, account_key, note, tags, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (network, account_key) DO UPDATE SET note = excluded.note, tags = excluded.tags, updated_at = excluded.updated_at`,
      ),
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

  /** Sets an account's note and tags (tags cleaned); both empty removes its row. Null when nothing is kept. */
  set(network: Network, accountKey: string, value: { note: string; tags: readonly string[] }, at: number): AccountNotes | null {
    const key = keyOf(accountKey);
    const note = value.note.trim();
    if (note.length > MAX_ACCOUNT_NOTE) throw new RangeError(`A note is at most ${MAX_ACCOUNT_NOTE} characters.`);
    const tags = cleanTags(value.tags);
    if (note === '' && tags.length === 0) {
      this.s.remove.run(network, key);
      return null;
    }
    this.s.put.run(network, key, note, JSON.stringify(tags), Math.round(at));
    return this.get(network, key);
  }

  remove(id: number): boolean {
    return this.s.removeId.run(id).changes > 0;
  }
}
