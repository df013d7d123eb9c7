// Parsers of the API's answers: zod-checked, normalised (api-notes "Normalisations a client
// needs"), unknown fields kept. Every parser throws only SchemaError, whose issues name the
// paths that did not fit.
import type { Network, ParsedReport } from '../types';
import { guard } from './errors';
import { parseReportBody } from './report';

export { SchemaError } from './errors';
export { UNPARSED_KEY, type UnparsedPart } from './common';
export { balanceOf } from './report';
export { MAX_PLAUSIBLE_BALANCE } from '@shared/balances';
export { normaliseTree, ageKey, validUntilMs, epochMs, looseNumber, looseBoolean, type Json } from './normalise';
export { parseInstagramMedia, type InstagramMedia, type InstagramMediaItem, type InstagramMediaList } from './instagramMedia';
export { parseYoutubeMediaPage, type YoutubeMediaPage, type YoutubeMediaItem } from './youtubeMedia';
export { parseInstagramHistory, parseTwitterHistory, type MetricsHistory, type HistoryPoint } from './history';
export {
  parseTiktokBrandMentions,
  parseYoutubeBrandMentions,
  type BrandMentions,
  type MentionedBrand,
  type BrandMentionStats,
  type MentionPost,
} from './brandMentions';
export { parsePdf, type PdfAnswer } from './pdf';
export { parseGames, parseSearch, type Game, type DiscoveryResult, type SearchPage, networkTypeId } from './discovery';
export { parseCreators, type Creator, type CreatorAccount, type CreatorStatus } from './creators';
export { parseList, type ListItem } from './lists';
export {
  parseCompetitorReport,
  parseCompetitorPosts,
  type CompetitorReport,
  type CompetitorAggregates,
  type CompetitorPart,
  type CompetitorPost,
} from './competitor';

/**
 * A report answer of any network (`{result: …}` or the result object itself): state,
 * quality, validity (epoch ms; `now` anchors a validUntil given as a duration), credits,
 * the network-neutral summary (null while NOT_READY) and the normalised result.
 */
export function parseReport(network: Network, json: unknown, now: number): ParsedReport {
  return guard(`${network} report`, () => parseReportBody(network, json, now));
}
