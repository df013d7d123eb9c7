// Creator profiles (spec 4.10, 2.10): synchronised with cursor paging (limit 100) and the API's
// filters, kept in the cache and listed from it (offline too). The same call answers "has the API
// account unlocked these reports?" for the unlock-aware quote (unlockQuotes.ts).
//
// auditor.creators is free: nobody claims it. In a Team workspace each creator saved here is
// shared all the same (`share`, one record per creator), and a teammate's creators pulled by the
// sync engine are saved by `codec`, read as hostile as the API's answer; the newer fetch of a
// creator wins, an older one changes nothing.
import { ScoutError } from '@shared/errors';
import { parseAccountRef } from '@shared/accountInput';
import { MAX_CREATOR_ACCOUNTS, MAX_CREATOR_IDS } from '@shared/creators';
import type { CreatorsSyncResult, CreatorView } from '@shared/discoveryData';
import type { Network } from '@shared/reports';
import type { CallOptions } from '../../platform/api/apiClient';
import { parseCreators, type Creator } from '../../platform/api/schemas/creators';
import type { CreatorsRepository } from './creatorsRepository';
import type { JsonObject } from '../../platform/cache/repositories';
import { stringOrNull } from '../../platform/cache/repositories/common';
import { saving } from '../../platform/cache/storageFaults';
import type { PaidWork } from '../../kernel/paidWork';
import type { TeamRecordCodec } from '../../team/codecs';
import { teamItem, type TeamItem } from '../../team/records';
import { jobKeys, type JobRegistry } from '../../kernel/jobs';
import { answerBody, badData, codecOf, itemParts, shareSaved, type RecordKeeper, type ShareRecord } from '../../team/teamCopies';

export const CREATORS_PAGE_SIZE = 100;
/** More pages than any network of creators fills: a cursor that never ends is cut off here. */
const MAX_PAGES = 2000;
/** The largest creator profile Scout takes from a teammate, as JSON text (real ones are a few KB). */
export const CREATOR_RECORD_BYTES = 256 * 1024;

/** The team's name for a creator profile: its id as the cache keys it. */
export const creatorItem = (id: string): TeamItem => teamItem('creator', { network: null, subject: id });

export interface CreatorsFilter {
  /** `YYYY-MM-DD`: from the start of that day (local time). */
  unlockedFrom?: string;
  /** `YYYY-MM-DD`: to the end of that day (local time). */
  unlockedTo?: string;
  creatorIds?: number[];
  creatorAccounts?: { network: Network; account: string }[];
}

export interface CreatorsDeps {
  repo: CreatorsRepository;
  paid: PaidWork;
  jobs: JobRegistry;
  /**
   * Called with each saved answer so its pictures are stored for offline use. Not awaited: a
   * picture never holds up the next page.
   */
  onSaved?: (result: unknown) => Promise<unknown>;
  /** A Team workspace: hands each creator saved from an answer here to the team (not a teammate's). */
  share?: ShareRecord;
  now?: () => number;
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM` (4.10) for a local wall-clock time on that day. */
export function offsetDateTime(day: string, time: '00:00:00' | '23:59:59'): string {
  const local = new Date(`${day}T${time}`);
  if (Number.isNaN(local.getTime())) throw new ScoutError({ code: 'INVALID_INPUT', message: `${day} is not a calendar date.` });
  const offset = -local.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${day}T${time}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * `creator_accounts` as 4.10 wants it: one inline JSON value without spaces. social_type is the
 * network's name; social_id the account's platform id when Scout knows it (a YouTube channel id,
 * a TikTok user id), else its username. The reference does not say which of the two the API
 * matches; the simulator matches either, and this is the assumption.
 */
export function creatorAccountsParam(accounts: readonly { network: Network; socialId: string }[]): string {
  const text = JSON.stringify({ creators: accounts.map((a) => ({ social_type: a.network, social_id: a.socialId })) });
  if (/\s/.test(text)) throw new ScoutError({ code: 'INVALID_INPUT', message: 'An account name with a space cannot be asked about.' });
  return text;
}

export class CreatorsService {
  private readonly now: () => number;
  private readonly keeper: RecordKeeper<string, Creator>;
  /** What the sync engine calls for pulled creator profiles. */
  readonly codec: TeamRecordCodec;

  constructor(private readonly deps: CreatorsDeps) {
    this.now = deps.now ?? Date.now;
    const repo = deps.repo;
    const what = 'creator profile';
    this.keeper = {
      kind: 'creator',
      what,
      maxBytes: CREATOR_RECORD_BYTES,
      item: creatorItem,
      raw: (c) => ({ creators: [c.raw] }),
      about: (item) => {
        const parts = itemParts(item, what);
        if (parts.network !== '' || parts.variant !== '' || !/^\d{1,19}$/.test(parts.subject)) throw badData(what, 'it names no creator');
        return parts.subject;
      },
      parse: (id, json) => {
        const { creators } = parseCreators(json);
        if (creators.length !== 1 || stringOrNull(creators[0]!.raw.id) !== id) throw badData(what, 'it is not the one creator it names');
        return creators[0]!;
      },
      held: (id, fetchedAt) => (repo.get(id)?.fetchedAt ?? -Infinity) >= Math.round(fetchedAt),
      save: (_id, c, fetchedAt) => repo.save([c.raw as JsonObject], fetchedAt),
    };
    this.codec = codecOf(this.keeper);
  }

  /** Fetches every creator matching the filter, page by page, each page kept as it arrives. */
  sync(filter: CreatorsFilter = {}): Promise<CreatorsSyncResult> {
    if (this.deps.jobs.has('creators', jobKeys.creators())) throw new ScoutError({ code: 'INVALID_INPUT', message: 'Creators are being synchronised already; wait for it to finish.' });
    const query = this.queryOf(filter);
    this.deps.paid.assertMayCall();
    return this.deps.jobs.run('creators', jobKeys.creators(), 'the creators sync', (signal) => this.fetchAll(query, signal));
  }

  private queryOf(filter: CreatorsFilter): Record<string, string | number> {
    const query: Record<string, string | number> = { limit: CREATORS_PAGE_SIZE };
    if (filter.unlockedFrom) query.report_unlocked_from = offsetDateTime(filter.unlockedFrom, '00:00:00');
    if (filter.unlockedTo) query.report_unlocked_to = offsetDateTime(filter.unlockedTo, '23:59:59');
    if (filter.creatorIds?.length) {
      if (filter.creatorIds.length > MAX_CREATOR_IDS) throw tooMany('creatorIds', `At most ${MAX_CREATOR_IDS} creator ids at a time.`);
      query.creator_ids = filter.creatorIds.join(',');
    }
    if (filter.creatorAccounts?.length) {
      if (filter.creatorAccounts.length > MAX_CREATOR_ACCOUNTS) throw tooMany('creatorAccounts', `At most ${MAX_CREATOR_ACCOUNTS} accounts at a time.`);
      const fields: Record<string, string> = {};
      const accounts = filter.creatorAccounts.flatMap((a, i) => {
        const ref = parseAccountRef(a.account, a.network);
        if (!ref.ok) fields[`creatorAccounts.${i}`] = ref.reason;
        return ref.ok ? [{ network: a.network, socialId: ref.value.apiName }] : [];
      });
      if (Object.keys(fields).length > 0) throw new ScoutError({ code: 'INVALID_INPUT', message: Object.values(fields)[0]!, fields });
      query.creator_accounts = creatorAccountsParam(accounts);
    }
    return query;
  }

  private async fetchAll(query: Record<string, string | number>, signal: AbortSignal): Promise<CreatorsSyncResult> {
    let synced = 0;
    let pages = 0;
    let cursor: string | null = null;
    for (;;) {
      if (signal.aborted) return { synced, pages, complete: false, cancelled: true };
      const page = await this.page(cursor === null ? query : { ...query, cursor }, { signal });
      pages++;
      this.saveAnswered(page.creators);
      void this.deps.onSaved?.(page.creators.map((c) => c.raw)).catch(() => undefined);
      synced += page.creators.length;
      this.deps.jobs.emit('creators:changed', { synced });
      cursor = page.nextCursor;
      if (cursor === null || page.creators.length === 0) return { synced, pages, complete: true, cancelled: false };
      if (pages >= MAX_PAGES) return { synced, pages, complete: false, cancelled: false };
    }
  }

  /**
   * One page. With creator_ids or creator_accounts the API answers "not found" when none
   * matches: that is an empty answer, not a failure.
   */
  async page(query: Record<string, string | number>, options: CallOptions = {}): Promise<{ creators: Creator[]; nextCursor: string | null }> {
    try {
      return await this.deps.paid.read((api) => api.creators(query, options));
    } catch (error) {
      if (error instanceof ScoutError && error.code === 'API_NOT_FOUND' && (query.creator_ids !== undefined || query.creator_accounts !== undefined)) {
        return { creators: [], nextCursor: null };
      }
      throw error;
    }
  }

  /** Keeps creators answered elsewhere (the unlock lookup), so the Creators page shows them too. */
  keep(creators: readonly Creator[]): void {
    this.saveAnswered(creators);
  }

  /** Saves creators as the API answered them here, and shares each with the team. */
  private saveAnswered(creators: readonly Creator[]): void {
    const fetchedAt = this.now();
    saving(() => this.deps.repo.save(creators.map((c) => c.raw as JsonObject), fetchedAt));
    for (const c of creators) {
      const id = stringOrNull(c.raw.id);
      if (id === null) continue;
      shareSaved(this.deps.share, () => ({ item: creatorItem(id), fetchedAt: new Date(fetchedAt), body: answerBody({ result: this.keeper.raw(c) }) }));
    }
  }

  /** Cached creators, by last name; `text` matches names, contacts and account names. */
  list(text?: string): CreatorView[] {
    const records = this.deps.repo.all();
    if (records.length === 0) return [];
    const { creators } = parseCreators({ creators: records.map((r) => r.raw) });
    const needle = text?.trim().toLowerCase() ?? '';
    return creators.map(viewOf).filter((v) => needle === '' || haystack(v).includes(needle));
  }
}

function tooMany(field: string, message: string): ScoutError {
  return new ScoutError({ code: 'INVALID_INPUT', message, fields: { [field]: message } });
}

function viewOf(c: Creator): CreatorView {
  const name = [c.firstName, c.lastName].filter((p): p is string => !!p && p.trim() !== '').join(' ');
  return {
    id: c.id,
    name: name === '' ? null : name,
    avatarUrl: c.avatarUrl,
    emails: c.emails,
    phones: c.phones,
    country: c.country?.code?.toUpperCase() ?? null,
    favorite: c.isFavorite,
    networkStatus: c.networkStatus?.name ?? null,
    contractStatus: c.contractStatus?.name ?? null,
    paymentStatus: c.paymentStatus?.name ?? null,
    accounts: c.accounts.map((a) => {
      // A YouTube report is asked for by channel id; the other networks by username.
      const name = a.network === 'youtube' ? (a.id || a.username) : a.username;
      return {
        network: a.network,
        socialNetwork: a.socialNetwork,
        username: a.username,
        title: a.title,
        followers: a.followers,
        reportUnlockedAt: a.reportUnlockedAt,
        account: a.network && name && parseAccountRef(name, a.network).ok ? name : null,
      };
    }),
  };
}

function haystack(v: CreatorView): string {
  return [v.name, ...v.emails, ...v.phones, ...v.accounts.flatMap((a) => [a.username, a.title])].filter(Boolean).join('\n').toLowerCase();
}
