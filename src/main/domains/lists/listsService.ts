// Saved lists (spec 4.12, 2.12): fetched whole by `limit` 100 / `offset` pages until a short
// page, each page kept as it arrives, then read from the cache (offline too). The reference does
// not say what a list call costs, so each page goes through the balance gate like media and
// brand mentions: nothing is expected, and a balance that moved is booked.
//
// In a Team workspace each page of a list first synced here is claimed: a teammate's page is
// taken instead of asking (read as hostile as the API's answer), and the list then says it was
// synced when the oldest page it holds was fetched. A list synced here before is asked of the
// API again: a sync wants the list as it is now. Every page fetched here is shared (`share`);
// pulled pages are saved by `codec`, the same path as a page taken instead of asking.
import { ScoutError } from '@shared/errors';
import { parseAccountRef } from '@shared/accountInput';
import type { ListItemView, ListSummary } from '@shared/discoveryData';
import type { ApiClient } from '../../platform/api/apiClient';
import { parseList, type ListItem } from '../../platform/api/schemas/lists';
import { LIST_PAGE_ITEMS, type ListsRepository } from './listsRepository';
import { integerOrNull } from '../../platform/cache/repositories/common';
import type { JsonObject } from '../../platform/cache/repositories';
import { saving } from '../../platform/cache/storageFaults';
import type { PaidWork } from '../../kernel/paidWork';
import type { TeamRecordCodec } from '../../team/codecs';
import { teamItem, type TeamItem, type TeammateCopy } from '../../team/records';
import { jobKeys, type JobRegistry } from '../../kernel/jobs';
import { answerBody, badData, codecOf, itemParts, keepCopy, shareSaved, type RecordKeeper, type ShareRecord } from '../../team/teamCopies';

export const LIST_PAGE_SIZE = LIST_PAGE_ITEMS;
/** More items than any list holds: a list that keeps answering full pages past this is cut off. */
const MAX_LIST_ITEMS = 100_000;
/** The largest page of a list Scout takes from a teammate, as JSON text (100 items are far smaller). */
export const LIST_RECORD_BYTES = 2 * 1024 * 1024;

/** One page of a list: the list's number and the page's offset as asked of the API. */
interface PageAt {
  listId: number;
  offset: number;
}

/** The team's name for a page of a list. */
export const listPageItem = (at: PageAt): TeamItem => teamItem('list', { network: null, subject: String(at.listId), variant: String(at.offset) });

/** A page saved locally, as of when, and whether it is a teammate's. */
interface KeptPage {
  items: ListItem[];
  fetchedAt: number;
  teammate: boolean;
}

export interface ListsDeps {
  repo: ListsRepository;
  paid: PaidWork;
  jobs: JobRegistry;
  /**
   * Called with each saved answer so its pictures are stored for offline use. Not awaited: a
   * picture never holds up the next page.
   */
  onSaved?: (result: unknown) => Promise<unknown>;
  /** A Team workspace: hands each page fetched and saved here to the team (not a teammate's). */
  share?: ShareRecord;
  now?: () => number;
}

/**
 * The fields a list item view shows in its own columns (or as `inLists`), and the API's internal
 * ids a researcher has no use for (`report_id`); every other field stays in `fields`.
 */
const shownFields = new Set(['name', 'username', 'type', 'followers', 'er', 'avatar_url', 'lists', 'report_id']);

export class ListsService {
  private readonly now: () => number;
  private readonly keeper: RecordKeeper<PageAt, ListItem[]>;
  /** What the sync engine calls for pulled pages of lists. */
  readonly codec: TeamRecordCodec;

  constructor(private readonly deps: ListsDeps) {
    this.now = deps.now ?? Date.now;
    const repo = deps.repo;
    const what = 'page of a saved list';
    this.keeper = {
      kind: 'list',
      what,
      maxBytes: LIST_RECORD_BYTES,
      item: listPageItem,
      raw: (items) => items.map((i) => i.raw),
      about: (item) => {
        const parts = itemParts(item, what);
        const listId = parts.network === '' && /^[1-9]\d{0,11}$/.test(parts.subject) ? Number(parts.subject) : NaN;
        const offset = /^(0|[1-9]\d{0,5})$/.test(parts.variant) ? Number(parts.variant) : NaN;
        if (!Number.isSafeInteger(listId) || !(offset < MAX_LIST_ITEMS) || offset % LIST_PAGE_SIZE !== 0) throw badData(what, 'it names no page of a list');
        return { listId, offset };
      },
      parse: (_at, json) => {
        const items = parseList(json);
        if (items.length > LIST_PAGE_SIZE) throw badData(what, `it holds ${items.length} items, more than a page of ${LIST_PAGE_SIZE}`);
        if (items.some((i) => integerOrNull(i.raw.report_id) === null)) throw badData(what, 'an item has no report number');
        return items;
      },
      held: (at, fetchedAt) => (repo.pageFetchedAt(at.listId, at.offset) ?? -Infinity) >= Math.round(fetchedAt),
      save: (at, items, fetchedAt) => {
        repo.savePage(at.listId, items.map((i) => i.raw as JsonObject), { fetchedAt, offset: at.offset });
        // Pages pulled from teammates make a list whole once they run from the first to a short one.
        repo.markComplete(at.listId, repo.pagesWhole(at.listId));
      },
    };
    this.codec = codecOf(this.keeper);
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

  /** Whether a sync of this list claims its pages in the team (a list first synced here; one synced before is asked again). */
  claims(listId: number): boolean {
    return !this.deps.repo.lists().some((l) => l.listId === listId);
  }

  /**
   * Fetches every item of the list, as a job: two syncs of one list share one.
   * `teamUnreachableConfirmed` (a Team workspace): ask the API although the team cannot be asked.
   */
  sync(listId: number, options: { teamUnreachableConfirmed?: boolean } = {}): Promise<ListSummary> {
    if (!this.deps.jobs.has('list', jobKeys.list(listId))) this.deps.paid.assertMayCall();
    return this.deps.jobs.run('list', jobKeys.list(listId), `the sync of list ${listId}`, (signal) => this.fetchAll(listId, signal, options.teamUnreachableConfirmed ?? false));
  }

  private async fetchAll(listId: number, signal: AbortSignal, teamUnreachableConfirmed: boolean): Promise<ListSummary> {
    const all: JsonObject[] = [];
    let complete = false;
    // First synced here: a teammate may have it (each page claimed). Synced before: asked again.
    const claim = this.claims(listId);
    let oldestCopy: number | null = null;
    for (let offset = 0; offset < MAX_LIST_ITEMS; offset += LIST_PAGE_SIZE) {
      signal.throwIfAborted();
      const page = await this.page({ listId, offset }, signal, claim, teamUnreachableConfirmed);
      if (page.teammate) oldestCopy = Math.min(oldestCopy ?? Infinity, page.fetchedAt);
      const raws = page.items.map((i) => i.raw as JsonObject);
      void this.deps.onSaved?.(raws).catch(() => undefined);
      all.push(...raws);
      this.deps.jobs.emit('lists:changed', { listId, items: all.length });
      if (page.items.length < LIST_PAGE_SIZE) {
        complete = true;
        break;
      }
    }
    if (complete) {
      // The whole list in one go: items that left the list since the last sync go too. Taken
      // (in part) from teammates, it is as old as the oldest page they fetched.
      saving(() => this.deps.repo.replace(listId, all, oldestCopy ?? this.now()));
    }
    this.deps.repo.markComplete(listId, complete);
    return this.known().find((l) => l.listId === listId) ?? { listId, name: null, itemCount: all.length, syncedAt: this.now(), complete };
  }

  private async page(at: PageAt, signal: AbortSignal, claim: boolean, teamUnreachableConfirmed: boolean): Promise<KeptPage> {
    const { listId, offset } = at;
    const send = (api: ApiClient) => api.list(listId, LIST_PAGE_SIZE, offset, { signal });
    const describe = `items ${offset + 1}–${offset + LIST_PAGE_SIZE} of list ${listId}`;
    // Saved once: by the kernel while it holds a Team workspace's claim, else here below.
    const got: { kept?: KeptPage } = {};
    const finish = async (items: ListItem[], charged: boolean) => {
      const fetchedAt = this.now();
      this.deps.paid.save(describe, charged, () => this.keeper.save(at, items, fetchedAt));
      got.kept = { items, fetchedAt, teammate: false };
      const body = answerBody({ result: this.keeper.raw(items) });
      shareSaved(this.deps.share, () => ({ item: listPageItem(at), fetchedAt: new Date(fetchedAt), body }));
      return { value: items, fetchedAt: new Date(fetchedAt), body };
    };
    const takeCopy = async (body: unknown, copy: TeammateCopy) => {
      // One that cannot be read (TEAM_BAD_DATA) is no copy: the kernel buys instead.
      const { parsed } = keepCopy(this.keeper, at, copy.fetchedAt.getTime(), { json: body });
      got.kept = { items: parsed, fetchedAt: copy.fetchedAt.getTime(), teammate: true };
      return parsed;
    };
    try {
      const { value, charged } = await this.deps.paid.spend({
        // A list is no account of any network: the ledger's network column stays empty.
        what: { operation: 'list', network: null, accountKey: `list:${listId}` },
        quote: { cost: 0, balance: 'credits' },
        maxCost: 1,
        describe,
        signal,
        teamUnreachableConfirmed,
        send,
        // Listing is free as far as the spec says: asking again for a lost page is safe.
        recover: send,
        ...(claim ? { team: { item: listPageItem(at), withinDays: null, finish, takeCopy } } : {}),
      });
      if (!got.kept) await finish(value, charged);
      return got.kept!;
    } catch (error) {
      if (error instanceof ScoutError && error.code === 'API_NOT_FOUND') {
        throw new ScoutError({ code: 'API_NOT_FOUND', message: `The API account has no list ${listId}. Check the list id in the web app.`, apiCode: error.apiCode });
      }
      throw error;
    }
  }

  /** The cached items of a list, in the API's order, read as an answer is (parseList): every text bounded. */
  items(listId: number): ListItemView[] {
    const names = this.deps.repo.names();
    const records = this.deps.repo.items(listId);
    const items = parseList(records.map((r) => r.raw));
    return records.map((record, i) => {
      const item = items[i]!;
      const username = blankless(item.username);
      const network = record.network;
      return {
        listId,
        position: record.position,
        network,
        // `username` is the channel id for YouTube (2.12): what the account field reads either way.
        account: network && username && parseAccountRef(username, network).ok ? username : null,
        title: blankless(item.name),
        username,
        avatarUrl: blankless(item.avatarUrl),
        followers: item.followers,
        er: item.er,
        // `lists` is the API's list numbers: said by the names the researcher gave them.
        inLists: item.listIds.map((id) => ({ listId: id, name: names.get(id) ?? null })),
        fields: Object.fromEntries(Object.entries(item.fields).filter(([key]) => !shownFields.has(key))),
      };
    });
  }
}

const blankless = (text: string | null): string | null => (text === null || text.trim() === '' ? null : text);
