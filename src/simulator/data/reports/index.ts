// Report data for the simulator: what goes inside `result` of each report-family operation.
// The server adds the envelope (report_state, restTokens, validUntil, report quality, type).
// Everything is derived from the account's profile and seeded by network and name, so the
// same input always gives the same (deep-equal) output, and every figure is one JSON can carry
// (no -0: see withoutNegativeZero).
import { makeCtx, type ReportInput } from './context';
import { instagramHistory, instagramMedia, instagramReport } from './instagram';
import { snapchatReport } from './snapchat';
import { tiktokBrandMentions, tiktokReport } from './tiktok';
import { twitchReport } from './twitch';
import { twitterHistory, twitterReport } from './twitter';
import { youtubeBrandMentions, youtubeMediaPage, youtubeReport } from './youtube';
import { withHostileText } from './hostile';
import { withOddShapes } from './oddShapes';
import { withoutNegativeZero as plain } from '../random';

export type { ReportInput } from './context';
export { snapchatVariant, type SnapchatVariant } from './snapchat';

// The companion operations each belong to one network, whatever `input.network` says.

const reportBuilders = {
  instagram: instagramReport,
  youtube: youtubeReport,
  tiktok: tiktokReport,
  twitch: twitchReport,
  twitter: twitterReport,
  snapchat: snapchatReport,
} as const;

/** The network-specific fields of a report's `result` (Instagram: `{user}`; others: `{report, …}`). */
export function generateReportBody(input: ReportInput): Record<string, unknown> {
  return plain(withOddShapes(input.name, withHostileText(input.name, reportBuilders[input.network](makeCtx(input)))));
}

/** Spec 2.5: `{media_ids, media}`. */
export function generateInstagramMedia(input: ReportInput): Record<string, unknown> {
  return plain(withHostileText(input.name, instagramMedia(makeCtx({ ...input, network: 'instagram' }))));
}

/** Spec 2.6: `{current_page, total_pages, media}`, 50 videos a page. */
export function generateYoutubeMediaPage(input: ReportInput, page: number): Record<string, unknown> {
  return plain(youtubeMediaPage(makeCtx({ ...input, network: 'youtube' }), page));
}

/** Spec 2.9: `{metrics_history: {er: {history: [{value, timestamp}]}}}`. */
export function generateInstagramHistory(input: ReportInput): Record<string, unknown> {
  return plain(instagramHistory(makeCtx({ ...input, network: 'instagram' })));
}

/** Spec 2.9: `{metrics_history: {er, retweet_count, …: {history: [{value, time_iso}]}}}`. */
export function generateTwitterHistory(input: ReportInput): Record<string, unknown> {
  return plain(twitterHistory(makeCtx({ ...input, network: 'twitter' })));
}

/** Spec 2.8: `{mentions: {performance}, users, posts}`. */
export function generateTiktokBrandMentions(input: ReportInput): Record<string, unknown> {
  return plain(tiktokBrandMentions(makeCtx({ ...input, network: 'tiktok' })));
}

/** Spec 2.7: `{mentions: [...]}`. */
export function generateYoutubeBrandMentions(input: ReportInput): Record<string, unknown> {
  return plain(youtubeBrandMentions(makeCtx({ ...input, network: 'youtube' })));
}
