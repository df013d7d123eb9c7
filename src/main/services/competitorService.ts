// Competitor analyses (spec 4.13, 3.3): created once (the reference does not say what that
// costs, so it goes through the balance gate and the ledger books whatever moves), checked until
// ready (state 0 → 10; a check is a free read), then every page of posts fetched into the cache
// with progress and cancel. Everything after that is read from SQLite: the list, the aggregates,
// the post browser (filters, sort, full-text search) and the exports work offline.
import { ScoutError } from '@shared/errors';
import type { CompetitorAnalysisView, CompetitorProgress, LostAnalysis } from '@shared/competitor';
import { parseCompetitorReport } from '../api/schemas/competitor';
import type { CompetitorRepository } from '../cache/repositories/competitorRepository';
import type { CompetitorPostQuery, CompetitorPostsRepository } from '../cache/repositories/competitorPostsRepository';
import type { JsonObject } from '../cache/repositories';
import { saving } from '../cache/storageFaults';
import type { PaidWork } from '../ledger/paidWork';
import type { CreditLedger } from '../ledger/creditLedger';
import { jobKeys, type JobRegistry } from './jobs';
import { eventError } from '../errorWording';
import { competitorCsv, competitorXlsx } from './competitorExport';
import type { AgencyBrand } from '@shared/agency';

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
    const stored = this.deps.repo.report(reportId);
    if (!stored) return null;
    let aggregates: CompetitorAnalysisView['aggregates'] = null;
    let audienceGeo: string[] = [];
    try {
      const parsed = parseCompetitorReport({ report: stored.description, ...(stored.aggregates ?? {}) });
      aggregates = parsed.aggregates;
      audienceGeo = parsed.audienceGeo;
    } catch {
      // A stored answer that no longer reads: the list still shows the analysis, without figures.
    }
    const request = this.deps.posts.request(reportId);
    const postsCached = this.deps.posts.count(reportId);
    return {
      reportId,
      username: stored.username,
      dateFrom: stored.dateFrom,
      dateTo: stored.dateTo,
      audienceGeo: audienceGeo.length ? audienceGeo : (request?.audienceGeo ?? []),
      hashtags: request?.hashtags ?? [],
      state: stored.state,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      aggregates,
      postsCached,
      postsComplete: this.deps.posts.completeSize(reportId) !== null,
      facets: this.deps.posts.facets(reportId),
    };
  }

  /**
   * Creates an analysis. Its cost is not in the reference: observed through the kernel. A lost
   * answer is never sent again (it would create, and maybe pay for, a second analysis).
   */
  async create(input: CreateRequest, confirmedHere = false): Promise<CompetitorAnalysisView> {
    const body = { username: input.username, date_from: input.dateFrom, date_to: input.dateTo, audience_geo: input.audienceGeo, hashtags: input.hashtags };
    const describe = `the competitor analysis of ${input.username}`;
    const { value, charged } = await this.deps.paid.spend({
      what: { operation: 'competitor', network: 'instagram', accountKey: input.username.toLowerCase() },
      quote: { cost: 0, balance: 'credits' },
      maxCost: COMPETITOR_MAX_COST,
      describe,
      confirmedHere,
      send: (api) => api.competitorCreate(body),
    });
    const at = this.now();
    const reportId = this.deps.paid.save(describe, charged, () => this.deps.repo.saveReport(value.raw as JsonObject, at));
    this.deps.posts.setRequest(reportId, { audienceGeo: input.audienceGeo, hashtags: input.hashtags });
    return this.view(reportId)!;
  }

  /** Asks the API once where the analysis stands (free) and keeps the answer. */
  async check(reportId: string): Promise<CompetitorAnalysisView> {
    this.known(reportId);
    const answer = await this.deps.paid.read((api) => api.competitorGet(reportId));
    saving(() => this.deps.repo.saveReport(answer.raw as JsonObject, this.now()));
    return this.view(reportId)!;
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

  /** Every post matching the browser's filters and sort, as a file. */
  async exportFile(reportId: string, query: CompetitorPostQuery, format: 'csv' | 'xlsx'): Promise<{ fileName: string; mimeType: string; base64: string }> {
    const analysis = this.known(reportId);
    const { rows } = this.deps.posts.query(reportId, { ...query, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    const base = `competitor-${(analysis.username ?? reportId).replace(/[^\w.-]+/g, '_')}-${analysis.dateFrom ?? ''}_${analysis.dateTo ?? ''}`;
    if (format === 'csv') {
      return { fileName: `${base}.csv`, mimeType: 'text/csv', base64: Buffer.from(competitorCsv(rows), 'utf8').toString('base64') };
    }
    const bytes = await competitorXlsx(analysis, rows, { brand: this.deps.brand(), createdAt: (this.deps.now ?? Date.now)() });
    return { fileName: `${base}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: Buffer.from(bytes).toString('base64') };
  }

  private known(reportId: string): CompetitorAnalysisView {
    const view = this.view(reportId);
    if (!view) throw new ScoutError({ code: 'INVALID_INPUT', message: 'Scout has no competitor analysis with that id in this workspace.' });
    return view;
  }
}
