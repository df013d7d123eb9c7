// What hangs off a report: media lists, metrics history and brand mentions. Cache first: a
// cached answer opens with no network; `refresh` asks the API again. Media needs an unlocked
// report; history unlocks one and may cost a credit, so it goes through the ledger like a report.
// Answers are stored raw; what crosses to the renderer is their view (companionViews.ts), built
// from the parse of a fresh answer, or by parsing a cached one again when it is read.
import { ScoutError } from '@shared/errors';
import { networkNames } from '@shared/reports';
import type { CompanionDocument, HistoryView, MediaView, MentionsView } from '@shared/companions';
import type { SnapshotDetail } from '@shared/contract';
import type { Network } from '../api/types';
import type { HistoryRepository, JsonObject, MediaRepository, MentionsRepository } from '../cache/repositories';
import type { ApiClient } from '../api/apiClient';
import type { AccountRef } from '@shared/accountInput';
import type { ReportService } from './reportService';
import { saving } from '../cache/storageFaults';
import type { PaidWork } from '../ledger/paidWork';
import { historyView, historyViewOf, instagramMediaView, mediaViewOf, mentionsView, mentionsViewOf, youtubeMediaView } from './companionViews';

export interface CompanionDeps {
  api: () => Promise<ApiClient>;
  reports: ReportService;
  media: MediaRepository;
  history: HistoryRepository;
  mentions: MentionsRepository;
  paid: PaidWork;
  /** Stores the pictures of an answer (thumbnails) in the cache. */
  onSaved?: (result: Record<string, unknown>) => Promise<unknown>;
  now?: () => number;
}

const asJson = (value: unknown) => value as JsonObject;

export class CompanionService {
  private readonly now: () => number;

  constructor(private readonly deps: CompanionDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Instagram media (all groups) or one YouTube media page of 50. */
  async media(ref: AccountRef<'instagram' | 'youtube'>, options: { page?: number; refresh?: boolean } = {}): Promise<CompanionDocument<MediaView> | null> {
    const { network, key } = ref;
    const page = options.page ?? 1;
    const cached = network === 'instagram' ? this.deps.media.instagram(key) : this.deps.media.youtubePage(key, page);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: mediaViewOf(network, cached.result) };
    if (!this.deps.reports.open(ref)?.unlockedAt && !cached) {
      throw new ScoutError({
        code: 'API_ACCESS_DENIED',
        message: 'Media are available once the report is unlocked: fetch the report first.',
      });
    }
    const fetchedAt = this.now();
    if (network === 'instagram') {
      const parsed = await this.observed('media', ref, (api) => api.instagramMedia(ref.apiName));
      saving(() => this.deps.media.saveInstagram(key, asJson(parsed.raw), fetchedAt));
      await this.deps.onSaved?.(asJson(parsed.raw)).catch(() => undefined);
      return { fetchedAt, view: instagramMediaView(parsed) };
    }
    const parsed = await this.observed('media', ref, (api) => api.youtubeMedia(this.deps.reports.apiName(ref), page));
    saving(() => this.deps.media.saveYoutubePage(key, asJson(parsed.raw), fetchedAt, page));
    await this.deps.onSaved?.(asJson(parsed.raw)).catch(() => undefined);
    return { fetchedAt, view: youtubeMediaView(parsed) };
  }

  /**
   * One snapshot of a report with the metrics history cached for its account, cut at the
   * snapshot's fetch (what the account's History tab drew as of then). Cache only: never asks
   * the API, never spends.
   */
  snapshot(id: number): SnapshotDetail | null {
    const snapshot = this.deps.reports.snapshot(id);
    if (!snapshot) return null;
    const { network, accountKey, fetchedAt } = snapshot;
    if (network !== 'instagram' && network !== 'twitter') return snapshot;
    const cached = this.deps.history.latest(network, accountKey);
    if (!cached) return { ...snapshot, history: null };
    const view = historyViewOf(network, cached.result);
    return { ...snapshot, history: { ...view, series: view.series.map((s) => ({ ...s, points: s.points.filter((p) => p.time <= fetchedAt) })) } };
  }

  /** What fetching history costs: like a report, since it unlocks one. */
  historyQuote(ref: AccountRef<'instagram' | 'twitter'>) {
    return this.deps.reports.quote(ref);
  }

  /** Metrics history (Instagram, Twitter). It unlocks the report, so it may cost a credit. */
  async history(ref: AccountRef<'instagram' | 'twitter'>, options: { refresh?: boolean; confirmedCost?: number; confirmedHere?: boolean } = {}): Promise<CompanionDocument<HistoryView> | null> {
    const { network, key, apiName: account } = ref;
    const cached = this.deps.history.latest(network, key);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: historyViewOf(network, cached.result) };
    const quote = this.historyQuote(ref);
    this.deps.paid.assertConfirmed(`Fetching the history of ${account}`, quote.cost, options.confirmedCost ?? 0, quote.balance, quote.cost === 0 ? 'its report is unlocked' : 'it unlocks its report');
    const send = (api: ApiClient, paid: boolean) =>
      network === 'instagram' ? api.instagramHistory(account, { paid }) : api.twitterHistory(account, { paid });
    const describe = `the ${networkNames[network]} history of ${account}`;
    const { value, charged } = await this.deps.paid.spend({
      what: { operation: 'history', network, accountKey: key },
      quote,
      describe,
      confirmedHere: options.confirmedHere,
      send,
      // Charged and lost: asking again is free (the report is unlocked now).
      recover: (api) => send(api, false),
    });
    const fetchedAt = this.now();
    // History unlocks the report (spec 3.4): its year of free access starts now.
    if (charged) this.deps.reports.noteUnlocked(ref, fetchedAt);
    this.deps.paid.save(describe, charged, () => this.deps.history.save(network, key, asJson(value.raw), fetchedAt));
    return { fetchedAt, view: historyView(value) };
  }

  /**
   * A call whose cost the spec leaves open (media, brand mentions): it goes through the balance
   * gate like a paid one, with the balances read before and after, and a balance that moved is
   * booked (at most one unit: more than that moved outside Scout).
   */
  private async observed<T extends object>(operation: 'media' | 'mentions', ref: AccountRef, send: (api: ApiClient) => Promise<T>): Promise<T> {
    const { value } = await this.deps.paid.spend({
      what: { operation, network: ref.network, accountKey: ref.key },
      quote: { cost: 0, balance: 'credits' },
      maxCost: 1,
      describe: `the ${operation === 'media' ? 'media' : 'brand mentions'} of ${ref.apiName}`,
      send: (api) => send(api),
      recover: (api) => send(api),
    });
    return value;
  }

  /** Brand mentions (TikTok, YouTube): free as far as the spec says; observed all the same. */
  async mentions(ref: AccountRef<'tiktok' | 'youtube'>, options: { refresh?: boolean } = {}): Promise<CompanionDocument<MentionsView> | null> {
    const { network, key } = ref;
    const cached = this.deps.mentions.latest(network, key);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: mentionsViewOf(network, cached.result) };
    const parsed = await this.observed('mentions', ref, (api) =>
      network === 'tiktok' ? api.tiktokBrandMentions(ref.apiName) : api.youtubeBrandMentions(this.deps.reports.apiName(ref)),
    );
    const fetchedAt = this.now();
    saving(() => this.deps.mentions.save(network as Network, key, asJson(parsed.raw), fetchedAt));
    return { fetchedAt, view: mentionsView(parsed) };
  }
}
