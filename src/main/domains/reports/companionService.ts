// What hangs off a report: media lists, metrics history and brand mentions. Cache first: a
// cached answer opens with no network; `refresh` asks the API again. Media needs an unlocked
// report; history unlocks one and may cost a credit, so it goes through the ledger like a report.
// Answers are stored raw; what crosses to the renderer is their view (companionViews.ts), built
// from the parse of a fresh answer, or by parsing a cached one again when it is read.
//
// In a Team workspace (a kernel with a team gate) what may cost is claimed first: media and
// brand mentions the first time an account's are opened here (their cost is observed), history
// whenever it is quoted at a credit. A teammate's copy is then taken instead (nothing sent),
// read as hostile as an API answer of the day they fetched it. A refresh asks the API: it wants
// the answer of now, which is expected free and so nobody's purchase to claim. Whatever this
// laptop fetches is shared (`share`); pulled records are saved by `codecs` (one path with copies).
import { ScoutError } from '@shared/errors';
import type { MentioningBrand } from '@shared/alerts';
import { networkNames } from '@shared/reports';
import type { TeamRecordCodec } from '../../team/codecs';
import { teamItem, type TeamItem } from '../../team/records';
import { buyRecord, type KeptRecord, type RecordBuyer } from '../../team/paidRecords';
import { parseInstagramHistory, parseInstagramMedia, parseTiktokBrandMentions, parseTwitterHistory, parseYoutubeBrandMentions, parseYoutubeMediaPage, type BrandMentions, type InstagramMedia, type MetricsHistory, type YoutubeMediaPage } from '../../platform/api/schemas';
import { ACCESS_MS } from '../../kernel/costRule';
import { accountOf, badData, codecOf, itemParts, type RecordKeeper, type ShareRecord } from '../../team/teamCopies';
import type { CompanionDocument, HistoryView, InstagramMediaView, MediaView, MentionsView } from '@shared/companions';
import type { SnapshotDetail } from '@shared/contract';
import type { JsonObject } from '../../platform/cache/repositories';
import type { HistoryRepository, MentionsRepository } from './accountDocuments';
import type { MediaRepository } from './mediaRepository';
import type { ApiClient } from '../../platform/api/apiClient';
import type { AccountRef } from '@shared/accountInput';
import type { ReportService } from './reportService';
import type { PaidWork } from '../../kernel/paidWork';
import { historyView, historyViewOf, instagramMediaView, mediaViewOf, mentionsView, mentionsViewOf, youtubeMediaView } from './companionViews';
import { historyOperation, mediaOperation, mentionsOperation } from './operations';
import type { PaidOperation } from '../../kernel/paidOperation';

export interface CompanionDeps {
  api: () => Promise<ApiClient>;
  reports: ReportService;
  media: MediaRepository;
  history: HistoryRepository;
  mentions: MentionsRepository;
  paid: PaidWork;
  /** Stores the pictures of an answer (thumbnails) in the cache. */
  onSaved?: (result: Record<string, unknown>) => Promise<unknown>;
  /** A Team workspace: hands what this laptop fetched and saved to the team (not a teammate's copy). */
  share?: ShareRecord;
  now?: () => number;
}

const asJson = (value: unknown) => value as JsonObject;
const DAY_MS = 24 * 60 * 60 * 1000;

type MediaAt = { network: 'instagram'; key: string } | { network: 'youtube'; key: string; page: number };
type HistoryAt = { network: 'instagram' | 'twitter'; key: string };
type MentionsAt = { network: 'tiktok' | 'youtube'; key: string };
/** A media answer, with the network that tells its two shapes apart. */
type MediaAnswer = { network: 'instagram'; media: InstagramMedia } | { network: 'youtube'; page: YoutubeMediaPage };

/** The most a YouTube media page number can be (50 videos a page). */
const MAX_MEDIA_PAGE = 10_000;

/** The largest answers of each kind Scout takes from a teammate, as JSON text (real ones are far smaller). */
export const COMPANION_RECORD_BYTES = { media: 8 * 1024 * 1024, history: 4 * 1024 * 1024, mentions: 8 * 1024 * 1024 } as const;

/** The team's name for an account's media (a YouTube page of them), its history, its mentions. */
export const companionItems = {
  media: (at: MediaAt): TeamItem => teamItem(mediaOperation.name, { network: at.network, subject: at.key, variant: at.network === 'youtube' ? String(at.page) : undefined }),
  history: (at: HistoryAt): TeamItem => teamItem(historyOperation.name, { network: at.network, subject: at.key }),
  mentions: (at: MentionsAt): TeamItem => teamItem(mentionsOperation.name, { network: at.network, subject: at.key }),
};

export class CompanionService {
  private readonly now: () => number;
  private readonly keepers: {
    media: RecordKeeper<MediaAt, MediaAnswer>;
    history: RecordKeeper<HistoryAt, MetricsHistory>;
    mentions: RecordKeeper<MentionsAt, BrandMentions>;
  };
  /** What the sync engine calls for pulled records of media, history and brand mentions. */
  readonly codecs: { media: TeamRecordCodec; history: TeamRecordCodec; mentions: TeamRecordCodec };

  private readonly buyer: RecordBuyer;

  constructor(private readonly deps: CompanionDeps) {
    this.now = deps.now ?? Date.now;
    this.buyer = { paid: deps.paid, share: deps.share, now: this.now };
    const { media, history, mentions } = deps;
    this.keepers = {
      media: {
        kind: mediaOperation.name,
        what: 'media of an account',
        maxBytes: COMPANION_RECORD_BYTES.media,
        about: (item) => {
          const parts = itemParts(item, 'media of an account');
          const account = accountOf(parts, ['instagram', 'youtube'] as const, 'media of an account');
          if (account.network === 'instagram') {
            if (parts.variant !== '') throw badData('media of an account', 'Instagram media have no pages');
            return { network: 'instagram', key: account.key };
          }
          const page = /^[1-9]\d{0,5}$/.test(parts.variant) ? Number(parts.variant) : NaN;
          if (!(page <= MAX_MEDIA_PAGE)) throw badData('media of an account', 'it names no page of them');
          return { network: 'youtube', key: account.key, page };
        },
        parse: (at, json): MediaAnswer => (at.network === 'instagram' ? { network: 'instagram', media: parseInstagramMedia(json) } : { network: 'youtube', page: parseYoutubeMediaPage(json) }),
        held: (at, fetchedAt) => (at.network === 'instagram' ? media.hasInstagram(at.key, fetchedAt) : media.hasYoutubePage(at.key, at.page, fetchedAt)),
        item: (at) => companionItems.media(at),
        raw: (parsed) => (parsed.network === 'instagram' ? parsed.media.raw : parsed.page.raw),
        save: (at, parsed, fetchedAt) => {
          if (at.network === 'instagram' && parsed.network === 'instagram') media.saveInstagram(at.key, asJson(parsed.media.raw), fetchedAt);
          else if (at.network === 'youtube' && parsed.network === 'youtube') media.saveYoutubePage(at.key, asJson(parsed.page.raw), fetchedAt, at.page);
        },
      },
      history: {
        kind: historyOperation.name,
        what: 'metrics history of an account',
        maxBytes: COMPANION_RECORD_BYTES.history,
        about: (item) => accountOf(itemParts(item, 'metrics history of an account'), ['instagram', 'twitter'] as const, 'metrics history of an account'),
        parse: (at, json) => (at.network === 'instagram' ? parseInstagramHistory(json) : parseTwitterHistory(json)),
        held: (at, fetchedAt) => history.has(at.network, at.key, fetchedAt),
        item: (at) => companionItems.history(at),
        raw: (parsed) => parsed.raw,
        save: (at, parsed, fetchedAt) => history.save(at.network, at.key, asJson(parsed.raw), fetchedAt),
      },
      mentions: {
        kind: mentionsOperation.name,
        what: 'brand mentions of an account',
        maxBytes: COMPANION_RECORD_BYTES.mentions,
        about: (item) => accountOf(itemParts(item, 'brand mentions of an account'), ['tiktok', 'youtube'] as const, 'brand mentions of an account'),
        parse: (at, json) => (at.network === 'tiktok' ? parseTiktokBrandMentions(json) : parseYoutubeBrandMentions(json)),
        held: (at, fetchedAt) => mentions.has(at.network, at.key, fetchedAt),
        item: (at) => companionItems.mentions(at),
        raw: (parsed) => parsed.raw,
        save: (at, parsed, fetchedAt) => mentions.save(at.network, at.key, asJson(parsed.raw), fetchedAt),
      },
    };
    this.codecs = { media: codecOf(this.keepers.media), history: codecOf(this.keepers.history), mentions: codecOf(this.keepers.mentions) };
  }

  /** An account's Instagram media as cached, as its tab shows them; null when none is. Never asks the API. */
  cachedInstagramMedia(accountKey: string): CompanionDocument<InstagramMediaView> | null {
    const cached = this.deps.media.instagram(accountKey);
    return cached ? { fetchedAt: cached.fetchedAt, view: mediaViewOf('instagram', cached.result) as InstagramMediaView } : null;
  }

  /** Instagram media (all groups) or one YouTube media page of 50. */
  async media(ref: AccountRef<'instagram' | 'youtube'>, options: { page?: number; refresh?: boolean; teamUnreachableConfirmed?: boolean } = {}): Promise<CompanionDocument<MediaView> | null> {
    const { network, key } = ref;
    const page = options.page ?? 1;
    const cached = network === 'instagram' ? this.deps.media.instagram(key) : this.deps.media.youtubePage(key, page);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: mediaViewOf(network, cached.result) };
    // Held at all (a teammate's report whose unlock the team ledger has not shown yet too): the API decides.
    if (!this.deps.reports.open(ref) && !cached) {
      throw new ScoutError({
        code: 'API_ACCESS_DENIED',
        message: 'Media are available once the report is unlocked: fetch the report first.',
      });
    }
    const at: MediaAt = network === 'instagram' ? { network, key } : { network, key, page };
    const describe = `the media of ${ref.apiName}`;
    const send = async (api: ApiClient): Promise<MediaAnswer> =>
      network === 'instagram' ? { network, media: await api.instagramMedia(ref.apiName) } : { network, page: await api.youtubeMedia(this.deps.reports.apiName(ref), page) };
    const kept = await this.observed(this.keepers.media, at, { operation: mediaOperation, ref, describe, claim: !cached, teamUnreachableConfirmed: options.teamUnreachableConfirmed }, send);
    const answer = kept.parsed;
    await this.deps.onSaved?.(asJson(this.keepers.media.raw(answer))).catch(() => undefined);
    return { fetchedAt: kept.fetchedAt, view: answer.network === 'instagram' ? instagramMediaView(answer.media) : youtubeMediaView(answer.page) };
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
  async history(ref: AccountRef<'instagram' | 'twitter'>, options: { refresh?: boolean; confirmedCost?: number; confirmedHere?: boolean; teamUnreachableConfirmed?: boolean } = {}): Promise<CompanionDocument<HistoryView> | null> {
    const { network, key, apiName: account } = ref;
    const cached = this.deps.history.latest(network, key);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: historyViewOf(network, cached.result) };
    const quote = this.historyQuote(ref);
    this.deps.paid.assertConfirmed(`Fetching the history of ${account}`, quote.cost, options.confirmedCost ?? 0, quote.balance, quote.cost === 0 ? 'its report is unlocked' : 'it unlocks its report');
    const send = (api: ApiClient, paid: boolean) =>
      network === 'instagram' ? api.instagramHistory(account, { paid }) : api.twitterHistory(account, { paid });
    const describe = `the ${networkNames[network]} history of ${account}`;
    const kept = await buyRecord(this.buyer, this.keepers.history, { network, key }, {
      operation: historyOperation,
      ledger: { network, accountKey: key },
      quote,
      describe,
      confirmedHere: options.confirmedHere,
      teamUnreachableConfirmed: options.teamUnreachableConfirmed,
      send,
      // Charged and lost: asking again is free (the report is unlocked now).
      recover: (api) => send(api, false),
      // A Team workspace claims it when it costs (within the year a teammate's history is taken);
      // free (the report is unlocked), it is nobody's purchase.
      claim: quote.cost > 0,
      withinDays: ACCESS_MS / DAY_MS,
      // History unlocks the report (spec 3.4): its year of free access starts now.
      onFetched: (fetchedAt, charged) => {
        if (charged) this.deps.reports.noteUnlocked(ref, fetchedAt);
      },
    });
    return { fetchedAt: kept.fetchedAt, view: historyView(kept.parsed) };
  }

  /**
   * A call whose cost the spec leaves open (media, brand mentions): it goes through the balance
   * gate like a paid one, with the balances read before and after, and a balance that moved is
   * booked (at most one unit: more than that moved outside Scout). `claim`: a Team workspace
   * asks the team first (any teammate's copy, of any age, is taken: the first look at an account's);
   * `teamUnreachableConfirmed`: the researcher chose to ask the API although the team cannot be asked.
   */
  private observed<A, P extends object>(
    keeper: RecordKeeper<A, P>,
    at: A,
    call: { operation: PaidOperation; ref: AccountRef; describe: string; claim: boolean; teamUnreachableConfirmed?: boolean },
    send: (api: ApiClient) => Promise<P>,
  ): Promise<KeptRecord<P>> {
    return buyRecord(this.buyer, keeper, at, {
      operation: call.operation,
      ledger: { network: call.ref.network, accountKey: call.ref.key },
      quote: { cost: 0, balance: 'credits' },
      maxCost: 1,
      describe: call.describe,
      teamUnreachableConfirmed: call.teamUnreachableConfirmed,
      send: (api) => send(api),
      recover: (api) => send(api),
      claim: call.claim,
      withinDays: null,
    });
  }

  /** Brand mentions (TikTok, YouTube): free as far as the spec says; observed all the same. */
  async mentions(ref: AccountRef<'tiktok' | 'youtube'>, options: { refresh?: boolean; teamUnreachableConfirmed?: boolean } = {}): Promise<CompanionDocument<MentionsView> | null> {
    const { network, key } = ref;
    const cached = this.deps.mentions.latest(network, key);
    if (cached && !options.refresh) return { fetchedAt: cached.fetchedAt, view: mentionsViewOf(network, cached.result) };
    const send = (api: ApiClient) => (network === 'tiktok' ? api.tiktokBrandMentions(ref.apiName) : api.youtubeBrandMentions(this.deps.reports.apiName(ref)));
    const kept = await this.observed(this.keepers.mentions, { network, key }, { operation: mentionsOperation, ref, describe: `the brand mentions of ${ref.apiName}`, claim: !cached, teamUnreachableConfirmed: options.teamUnreachableConfirmed }, send);
    return { fetchedAt: kept.fetchedAt, view: mentionsView(kept.parsed) };
  }

  /**
   * For a watchlist's run: the account's brand mentions asked for again when they are in the
   * cache (a first fetch is the researcher's to make: its cost is observed, not known), and the
   * brands of the fetch before and of this one. Null when none are cached, or nothing new was kept.
   */
  async refreshKeptMentions(ref: AccountRef<'tiktok' | 'youtube'>): Promise<{ older: BrandMentionsFetch; newer: BrandMentionsFetch } | null> {
    const older = this.deps.mentions.latest(ref.network, ref.key);
    if (!older) return null;
    await this.mentions(ref, { refresh: true });
    const newer = this.deps.mentions.latest(ref.network, ref.key);
    if (!newer || newer.id === older.id) return null;
    // A daily run would keep a whole answer a day for ever: the alert compares the newest two.
    this.deps.mentions.keepNewest(ref.network, ref.key, KEPT_MENTION_FETCHES);
    return { older: this.mentionsFetch(ref.network, older), newer: this.mentionsFetch(ref.network, newer) };
  }

  /**
   * The newest two kept fetches of an account's brand mentions (a teammate's run shared the
   * newer), as the new-mention alert compares them; null with fewer than two. Cache only.
   */
  newestMentions(ref: { network: 'tiktok' | 'youtube'; key: string }): { older: BrandMentionsFetch; newer: BrandMentionsFetch } | null {
    const [newer, older] = this.deps.mentions.list(ref.network, ref.key);
    if (!newer || !older) return null;
    const docs = [this.deps.mentions.get(older.id), this.deps.mentions.get(newer.id)];
    if (!docs[0] || !docs[1]) return null;
    return { older: this.mentionsFetch(ref.network, docs[0]), newer: this.mentionsFetch(ref.network, docs[1]) };
  }

  private mentionsFetch(network: 'tiktok' | 'youtube', doc: { id: number; fetchedAt: number; result: JsonObject }): BrandMentionsFetch {
    return { id: doc.id, fetchedAt: doc.fetchedAt, brands: mentioningBrands(mentionsViewOf(network, doc.result)) };
  }
}

/** Fetches of an account's brand mentions a watchlist's runs leave in the cache. */
export const KEPT_MENTION_FETCHES = 10;

/** One kept fetch of an account's brand mentions, as the new-mention alert compares them. */
export interface BrandMentionsFetch {
  id: number;
  fetchedAt: number;
  brands: MentioningBrand[];
}

/** Every brand of a brand-mentions view (a TikTok brand once, whatever periods it is in). */
export function mentioningBrands(view: MentionsView): MentioningBrand[] {
  const all = view.network === 'tiktok' ? view.periods.flatMap((p) => p.brands) : view.brands;
  const seen = new Set<string>();
  return all.filter((b) => !seen.has(b.key) && seen.add(b.key)).map((b) => ({ key: b.key, name: b.name }));
}
