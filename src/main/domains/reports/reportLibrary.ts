// The library the researcher browses: cached reports with their tags, research status and the
// latest fetch that saved nothing, and the accounts asked for but never saved before them.
import { attemptOutcomes, type AttemptOutcome, type FetchAttemptView, type ReportState } from '@shared/reports';
import { tagKey } from '@shared/accountNotes';
import { NO_STATUS } from '@shared/workflow';
import type { Network } from '../../platform/api/types';
import type { LibraryPage, LibraryQuery } from './reportsRepository';
import type { ReportServiceDeps } from './reportServiceDeps';

/** What the library reads: the cache, the attempts, and the researcher's tags and statuses. */
export type LibraryDeps = Pick<ReportServiceDeps, 'repo' | 'attempts' | 'tagsByAccount' | 'statusByAccount'>;

/** What the library is asked: the cache's query, with fetch outcomes among its states, and a tag. */
export type LibraryRequest = Omit<LibraryQuery, 'states' | 'accounts'> & { states?: readonly (ReportState | AttemptOutcome)[]; tag?: string };

/** A page of the library: each row with the latest fetch of it that saved nothing, its tags and its research status. */
export type LibraryView = LibraryPage & { items: (LibraryPage['items'][number] & { attempt: FetchAttemptView | null; tags: string[]; status: string | null })[] };

/**
 * The library: cached reports, and on the first page, before them, the accounts asked for but
 * never saved (failed, cancelled, paid for but not fetched) — a worklist, newest first. They
 * have no figures, so a filter on followers or country leaves them out. A cached report whose
 * latest refresh saved nothing carries that attempt too.
 */
export function libraryPage(deps: LibraryDeps, query: LibraryRequest): LibraryView {
  const { tag, ...rest } = query;
  const statuses = deps.statusByAccount?.() ?? new Map<string, string>();
  const statusOf = (network: Network, accountKey: string) => statuses.get(`${network}:${accountKey}`) ?? null;
  const states = query.states;
  const reportStates = states?.filter((s): s is Exclude<ReportState, 'NOT_READY'> => s === 'READY' || s === 'READY_LOW_CONFIDENCE');
  const outcomes = states?.filter((s): s is AttemptOutcome => (attemptOutcomes as readonly string[]).includes(s));
  const tagged = deps.tagsByAccount?.() ?? new Map<string, string[]>();
  const tagsOf = (network: Network, accountKey: string) => tagged.get(`${network}:${accountKey}`) ?? [];
  // A tag filter: the accounts carrying it, letter case aside (tagKey).
  const wanted = tag === undefined ? undefined : tagKey(tag);
  const accounts = wanted === undefined ? undefined : [...tagged].filter(([, tags]) => tags.some((t) => tagKey(t) === wanted)).map(([key]) => key);
  const page =
    states?.length && !reportStates?.length
      ? { total: 0, items: [] }
      : deps.repo.library({ ...rest, states: reportStates?.length ? reportStates : undefined, ...(accounts ? { accounts } : {}) });
  const attempts = deps.attempts;
  const items = page.items.map((item) => ({
    ...item,
    attempt: attempts?.get(item.network, item.accountKey) ?? null,
    tags: tagsOf(item.network, item.accountKey),
    status: statusOf(item.network, item.accountKey),
  }));
  const figures = query.countries?.length || query.followersMin !== undefined || query.followersMax !== undefined;
  if (!attempts || figures || (states?.length && !outcomes?.length)) return { total: page.total, items };
  const open = attempts.list({
    networks: query.networks,
    outcomes: outcomes?.length ? outcomes : undefined,
    text: query.text,
    after: query.fetchedAfter,
    before: query.fetchedBefore,
    withoutReport: true,
  });
  const atStatus = (a: { network: Network; accountKey: string }) =>
    query.status === undefined || (query.status === NO_STATUS ? statusOf(a.network, a.accountKey) === null : statusOf(a.network, a.accountKey) === query.status);
  const rows = open.filter((a) => (!accounts || accounts.includes(`${a.network}:${a.accountKey}`)) && atStatus(a)).map((a) => ({
    network: a.network,
    accountKey: a.accountKey,
    summary: { network: a.network, accountId: null, username: a.apiName, title: null, description: null, avatarUrl: null, verified: null, followers: null, engagementRate: null, engagementRateBasis: null, growthPrc: null, avgViews: null, avgLikes: null, avgComments: null, audienceQuality: null, country: null, language: null },
    state: a.outcome as never,
    quality: null,
    fetchedAt: a.at,
    firstFetchedAt: a.at,
    unlockedAt: null,
    validUntil: null,
    tiktokType: a.tiktokType,
    snapshotCount: 0,
    attempt: a,
    tags: tagsOf(a.network, a.accountKey),
    status: statusOf(a.network, a.accountKey),
  }));
  return { total: page.total + rows.length, items: (query.offset ?? 0) === 0 ? [...rows, ...items] : items };
}
