// Saved lists (spec 4.12, 2.12): fetched whole by `limit` 100 / `offset` pages until a short
// page, each page kept as it arrives, then read from the cache (offline too). The reference does
// not say what a list call costs, so each page goes through the balance gate like media and
// brand mentions: nothing is expected, and a balance that moved is booked.
import { ScoutError } from '@shared/errors';
import { parseAccountRef } from '@shared/accountInput';
import type { ListItemView, ListSummary } from '@shared/discoveryData';
import type { ApiClient } from '../api/apiClient';
import { listIdsOf, type ListItem } from '../api/schemas/discovery';
import type { ListsRepository } from '../cache/repositories/listsRepository';
import type { JsonObject } from '../cache/repositories';
import { saving } from '../cache/storageFaults';
import type { PaidWork } from '../ledger/paidWork';
import { jobKeys, type JobRegistry } from './jobs';

export const LIST_PAGE_SIZE = 100;
/** More items than any list holds: a list that keeps answering full pages past this is cut off. */
const MAX_LIST_ITEMS = 100_000;

export interface ListsDeps {
  repo: ListsRepository;
  paid: PaidWork;
  jobs: JobRegistry;
  /**
   * Called with each saved answer so its pictures are stored for offline use. Not awaited: a
   * picture never holds up the next page.
   */
  onSaved?: (result: unknown) => Promise<unknown>;
  now?: () => number;
}

/**
 * The fields a list item view shows in its own columns (or as `inLists`), and the API's internal
 * ids a researcher has no use for (`report_id`); every other field stays in `fields`.
 */
const shownFields = new Set(['name', 'username', 'type', 'followers', 'er', 'avatar_url', 'lists', 'report_id']);

export class ListsService {
  private readonly now: () => number;

  constructor(private readonly deps: ListsDeps) {
    this.now = deps.now ?? Date.now;
  }

  known(): ListSummary[] {
    return this.deps.repo.lists().map((l) => ({ listId: l.listId, name: l.name, itemCount: l.itemCount, syncedAt: l.fetchedAt, complete: l.complete }));
  }

  /**
   * Names a synced list (the name as the contract read it; null clears it). Local to this
   * workspace and never sent: the API has no list names. One name names one list.
   */
  rename(listId: number, name: string | null): ListSummary {
    const lists = this.deps.repo.lists();
    if (!lists.some((l) => l.listId === listId)) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: `List ${listId} is not synced in this workspace: sync it first, then name it.`, fields: { listId: 'Sync this list before naming it.' } });
    }
    const taken = name === null ? undefined : lists.find((l) => l.listId !== listId && l.name !== null && l.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      const message = `Another list is already called “${taken.name}”: choose another name.`;
      throw new ScoutError({ code: 'INVALID_INPUT', message, fields: { name: message } });
    }
    saving(() => this.deps.repo.rename(listId, name));
    return this.known().find((l) => l.listId === listId)!;
  }

  /** Fetches every item of the list, as a job: two syncs of one list share one. */
  sync(listId: number): Promise<ListSummary> {
    if (!this.deps.jobs.has('list', jobKeys.list(listId))) this.deps.paid.assertMayCall();
    return this.deps.jobs.run('list', jobKeys.list(listId), `the sync of list ${listId}`, (signal) => this.fetchAll(listId, signal));
  }

  private async fetchAll(listId: number, signal: AbortSignal): Promise<ListSummary> {
    const all: JsonObject[] = [];
    let complete = false;
    for (let offset = 0; offset < MAX_LIST_ITEMS; offset += LIST_PAGE_SIZE) {
      signal.throwIfAborted();
      const items = await this.page(listId, offset, signal);
      const raws = items.map((i) => i.raw as JsonObject);
      const at = this.now();
      saving(() => this.deps.repo.savePage(listId, raws, { fetchedAt: at, offset }));
      void this.deps.onSaved?.(raws).catch(() => undefined);
      all.push(...raws);
      this.deps.jobs.emit('lists:changed', { listId, items: all.length });
      if (items.length < LIST_PAGE_SIZE) {
        complete = true;
        break;
      }
    }
    if (complete) {
      // The whole list in one go: items that left the list since the last sync go too.
      saving(() => this.deps.repo.replace(listId, all, this.now()));
    }
    this.deps.repo.markComplete(listId, complete);
    return this.known().find((l) => l.listId === listId) ?? { listId, name: null, itemCount: all.length, syncedAt: this.now(), complete };
  }

  private async page(listId: number, offset: number, signal: AbortSignal): Promise<ListItem[]> {
    const send = (api: ApiClient) => api.list(listId, LIST_PAGE_SIZE, offset, { signal });
    try {
      const { value } = await this.deps.paid.spend({
        // A list is no account of any network: the ledger's network column stays empty.
        what: { operation: 'list', network: null, accountKey: `list:${listId}` },
        quote: { cost: 0, balance: 'credits' },
        maxCost: 1,
        describe: `items ${offset + 1}–${offset + LIST_PAGE_SIZE} of list ${listId}`,
        signal,
        send,
        // Listing is free as far as the spec says: asking again for a lost page is safe.
        recover: send,
      });
      return value;
    } catch (error) {
      if (error instanceof ScoutError && error.code === 'API_NOT_FOUND') {
        throw new ScoutError({ code: 'API_NOT_FOUND', message: `The API account has no list ${listId}. Check the list id in the web app.`, apiCode: error.apiCode });
      }
      throw error;
    }
  }

  /** The cached items of a list, in the API's order. */
  items(listId: number): ListItemView[] {
    const names = this.deps.repo.names();
    return this.deps.repo.items(listId).map((record) => {
      const raw = record.raw;
      const username = str(raw.username);
      const network = record.network;
      return {
        listId,
        position: record.position,
        network,
        // `username` is the channel id for YouTube (2.12): what the account field reads either way.
        account: network && username && parseAccountRef(username, network).ok ? username : null,
        title: str(raw.name),
        username,
        avatarUrl: str(raw.avatar_url),
        followers: num(raw.followers),
        er: num(raw.er),
        // `lists` is the API's list numbers: said by the names the researcher gave them.
        inLists: listIdsOf(raw.lists).map((id) => ({ listId: id, name: names.get(id) ?? null })),
        fields: Object.fromEntries(Object.entries(raw).filter(([key]) => !shownFields.has(key))),
      };
    });
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
