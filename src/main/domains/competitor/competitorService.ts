// Competitor analyses (spec 4.13, 3.3): created once (the reference does not say what that
// costs, so it goes through the balance gate and the ledger books whatever moves), checked until
// ready (state 0 → 10; a check is a free read), then every page of posts fetched into the cache
// with progress and cancel. Everything after that is read from SQLite: the list, the aggregates,
// the post browser (filters, sort, full-text search) and the exports work offline.
import { createHash } from 'node:crypto';
import { ScoutError } from '@shared/errors';
import { competitorCreateFields, type CompetitorAnalysisAbout, type CompetitorAnalysisView, type CompetitorProgress, type LostAnalysis } from '@shared/competitor';
import { parseCompetitorPosts, parseCompetitorReport, type CompetitorPost, type CompetitorReport } from '../../platform/api/schemas/competitor';
import type { CompetitorRepository } from './competitorRepository';
import type { AskedFor, CompetitorPostQuery, CompetitorPostsRepository } from './competitorPostsRepository';
import type { JsonObject } from '../../platform/cache/repositories';
import { saving } from '../../platform/cache/storageFaults';
import type { PaidWork } from '../../kernel/paidWork';
import type { CreditLedger } from '../../kernel/creditLedger';
import { jobKeys, type JobRegistry } from '../../kernel/jobs';
import { eventError } from '../../platform/errorWording';
import { analysisTitle, competitorCsv, competitorSheets } from './competitorSheets';
import type { ExportPlan } from '../exports/exportService';
import { TimeSlices } from '../../platform/util/timeSlices';

/** Posts read at a time while an export is written (100 posts with long captions take a few ms). */
const EXPORT_BATCH = 100;
import type { AgencyBrand } from '@shared/agency';
import { TeamError } from '../../kernel/teamErrors';
import { teamItem, teamItemParts, type RecordBody, type TeamItem, type TeammateCopy } from '../../team/records';
import type { TeamRecordCodec, TeamRecordIn, TeamRecordOut } from '../../team/codecs';
import { RECORD_LIMITS } from '../../team/schema/0010-team';

const DAY_MS = 86_400_000;

export interface CompetitorDeps {
  repo: CompetitorRepository;
  posts: CompetitorPostsRepository;
  paid: PaidWork;
  jobs: JobRegistry;
  /** Where analyses paid for but lost are read from. */
  ledger: CreditLedger;
  /** The agency a sheet is branded with (Settings → Your agency), read when the file is made. */
  brand: () => AgencyBrand;
  now?: () => number;
  /** Posts asked for per page (the simulator allows up to 1,000; the reference gives no limit). */
  pageSize?: number;
  /**
   * A Team workspace: an analysis created here is handed over to be shared, and again as it grows
   * (ready with its figures, then with all its posts); one taken from a teammate is not.
   */
  share?: (out: TeamRecordOut) => void;
}

/** The most posts a teammate's analysis may bring (the largest the API makes is 60,000). */
export const MAX_TEAM_POSTS = 100_000;

/** The brand and filters in the one spelling a Team workspace names them by (Instagram names and hashtags ignore case). */
function normalAsked(asked: AskedFor): AskedFor {
  const sorted = (items: string[]) => [...new Set(items)].sort();
  return {
    username: asked.username.trim().replace(/^@/, '').toLowerCase(),
    dateFrom: asked.dateFrom,
    dateTo: asked.dateTo,
    audienceGeo: sorted(asked.audienceGeo.map((c) => c.trim().toUpperCase())),
    hashtags: sorted(asked.hashtags.map((t) => t.trim().replace(/^#/, '').toLowerCase())),
  };
}

/**
 * The team's item for a competitor analysis: the brand, its days, and its countries and hashtags
 * (hashed: thirty hashtags would not fit a key). Two requests that differ only in letter case or
 * order are one item.
 */
export function competitorTeamItem(asked: AskedFor): TeamItem {
  const n = normalAsked(asked);
  const filters = createHash('sha256').update(JSON.stringify([n.audienceGeo, n.hashtags])).digest('hex').slice(0, 32);
  return teamItem('competitor', { network: 'instagram', subject: n.username, variant: `${n.dateFrom}..${n.dateTo}:${filters}` });
}

/**
 * How old a teammate's analysis may be and still count: one made after its last day is final
 * (any age since then counts); one made while its days were still running counts for a day.
 */
export function competitorCopyDays(dateTo: string, now: number): number {
  const ended = Date.parse(`${dateTo.slice(0, 10)}T00:00:00Z`) + DAY_MS;
  return Number.isFinite(ended) ? Math.max(1, (now - ended) / DAY_MS) : 1;
}

/** What the team keeps of an analysis: the request, the answer as the cache keeps it, and its posts once all are in. */
interface TeamAnalysis {
  request: AskedFor;
  answer: JsonObject;
  posts: unknown[] | null;
}

/** What the spec leaves open is booked when a balance moves; more than this is flagged as outside Scout. */
export const COMPETITOR_MAX_COST = 1;
export const COMPETITOR_PAGE_SIZE = 500;

export interface CreateRequest {
  username: string;
  dateFrom: string;
  dateTo: string;
  audienceGeo: string[];
  hashtags: string[];
}

export class CompetitorService {
  private readonly now: () => number;
  private readonly pageSize: number;

  constructor(private readonly deps: CompetitorDeps) {
    this.now = deps.now ?? Date.now;
    this.pageSize = deps.pageSize ?? COMPETITOR_PAGE_SIZE;
  }

  list(): CompetitorAnalysisView[] {
    return this.deps.repo.reports().map((info) => this.view(info.reportId)!);
  }

  /**
   * Analyses paid for whose answer was lost on the way (the kernel did not ask again, so as not
   * to pay twice), newest first: unless an analysis of the same brand was created since.
   */
  lost(): LostAnalysis[] {
    const created = this.list();
    return this.deps.ledger
      .lostAnswers('competitor')
      .filter((row) => row.accountKey !== null && !created.some((a) => a.username?.toLowerCase() === row.accountKey && a.createdAt >= row.at))
      .map((row) => ({ username: row.accountKey!, paidAt: row.at }))
      .reverse();
  }

  get(reportId: string): CompetitorAnalysisView | null {
    return this.view(reportId);
  }

  private view(reportId: string): CompetitorAnalysisView | null {
    const about = this.about(reportId);
    if (!about) return null;
    return {
      ...about,
      postsCached: this.deps.posts.count(reportId),
      postsComplete: this.deps.posts.completeSize(reportId) !== null,
      facets: this.deps.posts.facets(reportId),
    };
  }

  /** What the analysis is, without what its posts say (each of those reads every post). */
  private about(reportId: string): CompetitorAnalysisAbout | null {
    const stored = this.deps.repo.report(reportId);
    if (!stored) return null;
    let aggregates: CompetitorAnalysisView['aggregates'] = null;
    let audienceGeo: string[] = [];
    // The brand as the answer names it, read (and bounded) by parseCompetitorReport.
    let username: string | null = null;
    try {
      const parsed = parseCompetitorReport({ report: stored.description, ...(stored.aggregates ?? {}) });
      aggregates = parsed.aggregates;
      audienceGeo = parsed.audienceGeo;
      username = parsed.username;
    } catch {
      // A stored answer that no longer reads: the list still shows the analysis, without figures.
    }
    const request = this.deps.posts.request(reportId);
    return {
      reportId,
      username,
      dateFrom: stored.dateFrom,
      dateTo: stored.dateTo,
      audienceGeo: audienceGeo.length ? audienceGeo : (request?.audienceGeo ?? []),
      hashtags: request?.hashtags ?? [],
      state: stored.state,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      aggregates,
    };
  }

  /**
   * Creates an analysis. Its cost is not in the reference: observed through the kernel. A lost
   * answer is never sent again (it would create, and maybe pay for, a second analysis). In a Team
   * workspace the analysis is claimed first: a teammate's is taken instead (nothing sent);
   * `teamUnreachableConfirmed`: created although the team database cannot be asked.
   */
  async create(input: CreateRequest, confirmedHere = false, options: { teamUnreachableConfirmed?: boolean } = {}): Promise<CompetitorAnalysisView> {
    const body = { username: input.username, date_from: input.dateFrom, date_to: input.dateTo, audience_geo: input.audienceGeo, hashtags: input.hashtags };
    const asked: AskedFor = { username: input.username, dateFrom: input.dateFrom, dateTo: input.dateTo, audienceGeo: input.audienceGeo, hashtags: input.hashtags };
    const describe = `the competitor analysis of ${input.username}`;
    const item = competitorTeamItem(asked);
    let reportId: string | null = null;
    const finish = async (value: CompetitorReport, charged: boolean) => {
      const at = this.now();
      const id = this.deps.paid.save(describe, charged, () => this.deps.repo.saveReport(value.raw as JsonObject, at));
      this.deps.posts.setRequest(id, asked);
      reportId = id;
      const out = this.teamRecord(id, at)!;
      this.deps.share?.(out);
      return { value, fetchedAt: out.fetchedAt, body: out.body };
    };
    const takeCopy = async (json: unknown, copy: TeammateCopy) => {
      // One that cannot be read (TEAM_BAD_DATA) is no copy: the kernel buys instead.
      const kept = this.keepTeammateAnalysis({ item, fetchedAt: copy.fetchedAt, body: { json } });
      reportId = kept.reportId;
      return kept.report;
    };
    const { value, charged } = await this.deps.paid.spend({
      what: { operation: 'competitor', network: 'instagram', accountKey: input.username.toLowerCase() },
      quote: { cost: 0, balance: 'credits' },
      maxCost: COMPETITOR_MAX_COST,
      describe,
      confirmedHere,
      teamUnreachableConfirmed: options.teamUnreachableConfirmed === true,
      team: { item, withinDays: competitorCopyDays(input.dateTo, this.now()), takeCopy, finish },
      send: (api) => api.competitorCreate(body),
    });
    if (reportId === null) await finish(value, charged);
    return this.view(reportId!)!;
  }

  /** Asks the API once where the analysis stands (free) and keeps the answer; shared once it is ready. */
  async check(reportId: string): Promise<CompetitorAnalysisView> {
    const before = this.known(reportId);
    const answer = await this.deps.paid.read((api) => api.competitorGet(reportId));
    const at = this.now();
    saving(() => this.deps.repo.saveReport(answer.raw as JsonObject, at));
    if (before.aggregates === null && answer.aggregates !== null) this.shareNow(reportId, at);
    return this.view(reportId)!;
  }

  /** What the team keeps of an analysis now; null for one kept before its whole request was. */
  private teamRecord(reportId: string, fetchedAt: number): TeamRecordOut<RecordBody> | null {
    const asked = this.deps.posts.askedFor(reportId);
    const stored = this.deps.repo.report(reportId);
    if (!asked || !stored) return null;
    const size = this.deps.posts.completeSize(reportId);
    const record: TeamAnalysis = { request: asked, answer: { report: stored.description, ...(stored.aggregates ?? {}) }, posts: size === null ? null : this.deps.repo.allPosts(reportId, size) };
    // Past what the team database keeps, the posts stay here: a teammate fetches them (free).
    if (record.posts && Buffer.byteLength(JSON.stringify(record)) > RECORD_LIMITS.jsonBytes) record.posts = null;
    return { item: competitorTeamItem(asked), fetchedAt: new Date(fetchedAt), body: { json: record } };
  }

  private shareNow(reportId: string, at: number): void {
    if (!this.deps.share) return;
    const out = this.teamRecord(reportId, at);
    if (out) this.deps.share(out);
  }

  /**
   * Saves a teammate's analysis (a copy taken instead of creating one, or a record pulled by the
   * sync engine), read as hostile input: a request the create form would accept and that is the
   * one its item names, an answer that reads as an analysis of that brand, posts that read as
   * posts, within what the team database keeps. What it adds to the cache is saved (the analysis,
   * its figures, its posts); one that adds nothing changes nothing.
   */
  keepTeammateAnalysis(record: Pick<TeamRecordIn, 'item' | 'fetchedAt' | 'body'>): { outcome: 'saved' | 'already-held'; reportId: string; report: CompetitorReport } {
    const bad = (why: string) => new TeamError('TEAM_BAD_DATA', `A teammate's competitor analysis ${why}.`);
    const parts = record.item.kind === 'competitor' ? teamItemParts(record.item) : null;
    if (!parts || parts.network !== 'instagram') throw bad('names no analysis Scout can read');
    const fetchedAt = record.fetchedAt.getTime();
    if (!Number.isFinite(fetchedAt) || fetchedAt <= 0) throw bad('has no date Scout can read');
    if (!('json' in record.body)) throw bad('is a file, not an analysis');
    const size = Buffer.byteLength(JSON.stringify(record.body.json) ?? '');
    if (size > RECORD_LIMITS.jsonBytes) throw bad(`is larger than the team database keeps (${Math.ceil(size / 1024 / 1024)} MB)`);
    const json = record.body.json;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw bad('is not an analysis');
    const { request, answer, posts } = json as Partial<Record<keyof TeamAnalysis, unknown>>;
    const read = competitorCreateFields.safeParse(request);
    if (!read.success) throw bad('holds a request Scout would not send');
    const asked: AskedFor = read.data;
    if (competitorTeamItem(asked).key !== record.item.key) throw bad('is not the analysis its name says');
    let report: CompetitorReport;
    let postsRead: CompetitorPost[] | null = null;
    try {
      report = parseCompetitorReport(answer);
      if (posts !== null && posts !== undefined) {
        if (!Array.isArray(posts) || posts.length > MAX_TEAM_POSTS) throw new TypeError('too many posts');
        postsRead = parseCompetitorPosts(posts);
      }
    } catch {
      throw bad('does not read as an analysis and its posts');
    }
    if (!/^[\w-]{1,64}$/.test(report.reportId) || (report.username !== null && report.username.toLowerCase() !== asked.username.toLowerCase())) throw bad('is not an analysis of the brand its name says');
    const reportId = report.reportId;
    const local = this.deps.repo.report(reportId);
    const addsReport = !local || (report.state === 10 && local.state !== 10) || (report.aggregates !== null && local.aggregates === null);
    const addsPosts = postsRead !== null && this.deps.posts.completeSize(reportId) === null;
    if (!addsReport && !addsPosts) return { outcome: 'already-held', reportId, report };
    if (addsReport) saving(() => this.deps.repo.saveReport(report.raw as JsonObject, fetchedAt));
    if (!this.deps.posts.askedFor(reportId)) this.deps.posts.setRequest(reportId, asked);
    if (postsRead && addsPosts) {
      const raw = postsRead.map((p) => p.raw);
      const pageSize = this.pageSize;
      for (let page = 0; page * pageSize < postsRead.length || page === 0; page++) {
        const from = page * pageSize;
        saving(() => this.deps.posts.savePage(reportId, page, pageSize, postsRead.slice(from, from + pageSize), raw.slice(from, from + pageSize), fetchedAt));
      }
      this.deps.posts.markComplete(reportId, pageSize);
      this.deps.posts.analyze();
    }
    return { outcome: 'saved', reportId, report };
  }

  /**
   * Fetches every page of posts not yet cached, from the first missing one, each page kept as
   * it arrives (a cancel or a lost connection keeps what came; the next run goes on from there).
   */
  fetchPosts(reportId: string): Promise<CompetitorAnalysisView> {
    const key = jobKeys.competitorPosts(reportId);
    if (!this.deps.jobs.has('competitorPosts', key)) {
      const analysis = this.known(reportId);
      if (analysis.state !== 10) {
        throw new ScoutError({ code: 'INVALID_INPUT', message: 'The analysis is still being calculated: its posts can be fetched once it is ready.' });
      }
      this.deps.paid.assertMayCall();
    }
    return this.deps.jobs.run('competitorPosts', key, `the posts of the competitor analysis of ${this.known(reportId).username ?? reportId}`, (signal) =>
      this.runPosts(reportId, this.known(reportId), signal),
    );
  }

  cancelPosts(reportId: string): boolean {
    return this.deps.jobs.cancel('competitorPosts', jobKeys.competitorPosts(reportId));
  }

  private async runPosts(reportId: string, analysis: CompetitorAnalysisView, signal: AbortSignal): Promise<CompetitorAnalysisView> {
    const size = this.pageSize;
    const expected = analysis.aggregates?.mentions ?? null;
    const emit = (p: Omit<CompetitorProgress, 'workspace' | 'reportId' | 'expected'>) => this.deps.jobs.emit('competitor:changed', { reportId, expected, ...p });
    if (this.deps.posts.completeSize(reportId) === size) {
      emit({ phase: 'finished', fetched: this.deps.posts.count(reportId), error: null });
      return this.view(reportId)!;
    }
    const have = new Set((this.deps.repo.report(reportId)?.postPages ?? []).filter((p) => p.size === size && p.postCount === size).map((p) => p.page));
    let page = 0;
    while (have.has(page)) page++;
    try {
      emit({ phase: 'posts', fetched: this.deps.posts.count(reportId) });
      for (;;) {
        signal.throwIfAborted();
        const posts = await this.deps.paid.read((api) => api.competitorPosts(reportId, page, size, { signal }));
        saving(() =>
          this.deps.posts.savePage(
            reportId,
            page,
            size,
            posts,
            posts.map((p) => p.raw),
            this.now(),
          ),
        );
        emit({ phase: 'posts', fetched: this.deps.posts.count(reportId) });
        if (posts.length < size) break;
        page++;
      }
      this.deps.posts.markComplete(reportId, size);
      this.deps.posts.analyze();
      // All its posts are in: the team keeps the analysis with them.
      this.shareNow(reportId, this.now());
      emit({ phase: 'finished', fetched: this.deps.posts.count(reportId), error: null });
      return this.view(reportId)!;
    } catch (error) {
      const cancelled = signal.aborted;
      emit({ phase: 'finished', fetched: this.deps.posts.count(reportId), error: cancelled ? null : eventError(error), cancelled });
      if (cancelled) throw new ScoutError({ code: 'CANCELLED', message: `Stopped. The ${this.deps.posts.count(reportId)} posts fetched so far are kept; fetch again to go on.` });
      throw error;
    }
  }

  posts(reportId: string, query: CompetitorPostQuery) {
    // Only that it exists: the whole view (facets over every post) would cost more than the page.
    if (!this.deps.repo.reports().some((r) => r.reportId === reportId)) this.known(reportId);
    return this.deps.posts.query(reportId, query);
  }

  /**
   * Every post matching the browser's filters and sort, as a file: the posts' places are read in
   * order once, the posts themselves a batch at a time while the file is written.
   */
  exportPlan(reportId: string, query: Omit<CompetitorPostQuery, 'offset' | 'limit'>): ExportPlan {
    const analysis = this.about(reportId) ?? notInWorkspace();
    // The order of the matching posts (and so their count) is read once the export runs, in
    // slices, and kept for both of the writer's passes: for a million posts, reading it holds
    // main for seconds when done at once.
    let order: Promise<number[]> | null = null;
    const ordered = () => {
      const slices = new TimeSlices();
      return (order ??= this.deps.posts.orderedIndexes(reportId, query, { between: () => slices.due() }));
    };
    const count = async () => (await ordered()).length;
    const posts = async function* (this: CompetitorService) {
      const places = await ordered();
      for (let i = 0; i < places.length; i += EXPORT_BATCH) yield this.deps.posts.rowsAt(reportId, places.slice(i, i + EXPORT_BATCH));
    }.bind(this);
    const brand = analysis.username ? `@${analysis.username}` : 'the brand';
    return {
      name: `competitor-${(analysis.username ?? reportId).replace(/[^\w.-]+/g, '_')}-${analysis.dateFrom ?? ''}_${analysis.dateTo ?? ''}`,
      title: analysisTitle(analysis),
      describe: `the posts of ${brand}'s competitor analysis`,
      rows: count,
      xlsx: (meta) => competitorSheets(analysis, posts, count, meta),
      csv: () => competitorCsv(posts, count),
    };
  }

  private known(reportId: string): CompetitorAnalysisView {
    return this.view(reportId) ?? notInWorkspace();
  }
}

function notInWorkspace(): never {
  throw new ScoutError({ code: 'INVALID_INPUT', message: 'Scout has no competitor analysis with that id in this workspace.' });
}

/** The team's competitor analyses, saved into this workspace's cache: pulled by the sync engine, or taken instead of creating one. */
export class CompetitorTeamCodec implements TeamRecordCodec {
  readonly kind = 'competitor';
  constructor(private readonly competitor: CompetitorService) {}
  apply(record: TeamRecordIn): Promise<'saved' | 'already-held'> {
    return Promise.resolve().then(() => this.competitor.keepTeammateAnalysis(record).outcome);
  }
}
