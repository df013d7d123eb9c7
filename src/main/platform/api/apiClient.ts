// The client of the remote API: one method per operation of sections 4.1–4.13, each answer
// parsed by its schema. The parsers read tolerantly: a report whose identity or state cannot be
// read is a typed error keeping the raw body; any other part that does not fit is kept as
// received and listed (schemas/common.ts UNPARSED_KEY), so a paid answer is never thrown away.
// Transport concerns — retries, rate limits, the circuit — live in transport.ts.
import type { PlanInfo } from '@shared/contract';
import { malformedResponse } from './apiErrors';
import { planInfoResponse, toPlanInfo } from './planInfoSchema';
import {
  parseCompetitorPosts,
  parseCompetitorReport,
  parseCreators,
  parseGames,
  parseInstagramHistory,
  parseInstagramMedia,
  parseList,
  parsePdf,
  parseReport,
  parseSearch,
  parseTiktokBrandMentions,
  parseTwitterHistory,
  parseYoutubeBrandMentions,
  parseYoutubeMediaPage,
  SchemaError,
} from './schemas';
import { ApiCallError, ApiTransport, type CallOptions, type HttpAnswer, type HttpRequest, type TransportOptions } from './transport';
import type { Network, ParsedReport } from './types';
import { assertKernelPass, sentAsPaid } from './paidGuard';

export { ApiCallError } from './transport';
export type { CallOptions } from './transport';

export type TiktokType = 'report' | 'advanced_report';

/** The report operation and its account parameter, per network (sections 4.2–4.4, api-notes.md). */
export const reportOperations: Record<Network, { operation: string; param: string }> = {
  instagram: { operation: 'auditor.report', param: 'username' },
  youtube: { operation: 'auditor.youtube', param: 'channel' },
  twitter: { operation: 'auditor.twitter', param: 'channel' },
  tiktok: { operation: 'auditor.tiktok', param: 'channel' },
  twitch: { operation: 'auditor.twitch', param: 'channel' },
  snapchat: { operation: 'auditor.snapchat', param: 'channel' },
};

export type ApiClientOptions = TransportOptions & { now?: () => number };

export class ApiClient {
  readonly transport: ApiTransport;
  private readonly now: () => number;

  constructor(options: ApiClientOptions) {
    this.transport = new ApiTransport(options);
    this.now = options.now ?? Date.now;
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** Sends and parses; a body whose essentials cannot be read becomes API_MALFORMED_RESPONSE. */
  private async call<T>(request: HttpRequest, parse: (body: unknown, answer: HttpAnswer) => T, options: CallOptions): Promise<T> {
    // A balance-touching operation is sent only from inside the paid-work kernel.
    assertKernelPass(request.operation);
    const answer = await this.transport.send(request, sentAsPaid(request.operation) ? { ...options, paid: true } : options);
    try {
      return parse(answer.body, answer);
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      // The API acted and may have charged; Scout could not read what it said. For a paid call
      // that is an unknown outcome, resolved by reading the balance.
      throw ApiCallError.from(malformedResponse(answer.rawBody, error.issues.join('; ') || error.message), {
        outcome: 'unknown',
        status: answer.status,
        rawBody: answer.rawBody,
      });
    }
  }

  planInfo(options: CallOptions = {}): Promise<PlanInfo> {
    return this.call(
      { operation: 'auditor.planInfo', method: 'GET' },
      (body) => {
        const parsed = planInfoResponse.safeParse(body);
        if (!parsed.success) {
          throw new SchemaError(
            'planInfo',
            parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
          );
        }
        return toPlanInfo(parsed.data);
      },
      options,
    );
  }

  /**
   * A report request: returns or starts generating the report (and may spend a credit: pass
   * `paid` so a lost answer is never sent again). TikTok by user id when `byUserId`.
   */
  report(network: Network, account: string, options: CallOptions & { tiktokType?: TiktokType; byUserId?: boolean } = {}): Promise<ParsedReport> {
    const { operation, param } = options.byUserId ? { operation: 'auditor.tiktokByUserId', param: 'user_id' } : reportOperations[network];
    const query: Record<string, string | undefined> = { [param]: account };
    if (network === 'tiktok') query.type = options.tiktokType;
    return this.call(
      { operation, method: 'GET', query },
      (body) => parseReport(network, body, this.now()),
      { ...options, rateGroup: network === 'tiktok' ? 'tiktok-report' : undefined },
    );
  }

  instagramMedia(username: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.reportMedia', method: 'GET', query: { username } }, parseInstagramMedia, options);
  }

  youtubeMedia(channel: string, page: number, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.youtubeMedia', method: 'GET', query: { channel, page } }, parseYoutubeMediaPage, options);
  }

  /** Unlocks the report (and may spend a credit). */
  instagramHistory(username: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.instagramHistory', method: 'GET', query: { username } }, parseInstagramHistory, options);
  }

  /** Unlocks the report (and may spend a credit). */
  twitterHistory(channel: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.twitterHistory', method: 'GET', query: { channel } }, parseTwitterHistory, options);
  }

  tiktokBrandMentions(channel: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.tiktokBrandMentions', method: 'GET', query: { channel } }, parseTiktokBrandMentions, options);
  }

  youtubeBrandMentions(channel: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.youtubeBrandMentions', method: 'GET', query: { channel } }, parseYoutubeBrandMentions, options);
  }

  /** PDF export: unlocks the report (may spend a credit); 202 while generating. */
  pdf(network: Network, account: string, options: CallOptions = {}) {
    const param = network === 'instagram' ? 'username' : 'channel';
    return this.call({ operation: `auditor.${network}Pdf`, method: 'GET', query: { [param]: account } }, parsePdf, options);
  }

  games(search: string, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.games', method: 'GET', query: { search } }, parseGames, options);
  }

  creators(query: Record<string, string | number | undefined>, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.creators', method: 'GET', query }, parseCreators, options);
  }

  list(id: number, limit = 100, offset = 0, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.list', method: 'GET', query: { id, limit, offset } }, parseList, options);
  }

  /** Discovery search: one discovery call per page. */
  search(body: Record<string, unknown>, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.search', method: 'POST', json: body }, parseSearch, options);
  }

  /** Validates like search, returns sample data, spends nothing. */
  searchSandbox(body: Record<string, unknown>, options: CallOptions = {}) {
    return this.call({ operation: 'auditor.searchSandbox', method: 'POST', json: body }, parseSearch, options);
  }

  competitorCreate(body: { username: string; date_from: string; date_to: string; audience_geo: string[]; hashtags: string[] }, options: CallOptions = {}) {
    return this.call({ operation: '/api/marketanalysis/instagramCompetitorAnalysis', method: 'POST', json: body }, parseCompetitorReport, options);
  }

  competitorGet(reportId: string, options: CallOptions = {}) {
    return this.call(
      { operation: `/api/marketanalysis/instagramCompetitorAnalysis/${encodeURIComponent(reportId)}`, method: 'GET' },
      parseCompetitorReport,
      options,
    );
  }

  competitorPosts(reportId: string, page: number, size: number, options: CallOptions = {}) {
    return this.call(
      { operation: '/api/marketanalysis/instagramCompetitorAnalysis/posts', method: 'POST', json: { report_id: reportId, from: page, size } },
      parseCompetitorPosts,
      options,
    );
  }
}
