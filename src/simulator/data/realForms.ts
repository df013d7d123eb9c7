// Which accounts answer in the real forms of api-notes.md "Real answers that differ from
// api-reference.md", so that every test run meets them and not only the reference's forms.
//
// The rule (stable, by name; the data themselves stay seeded by network and name as before):
//   an account takes the real forms when
//     hashString(`real-forms:${network}:${name trimmed and lower-cased}`) % 3 === 0,
//   about one account in three on each network, except the names in REFERENCE_ONLY (the
//   free test account and the accounts the end-to-end specs follow), which always answer as
//   api-reference.md shows. A discovery result uses the same rule on its network and username.
//   An unknown account (a name starting `notfound`) answers code 16 "Object not found" when
//   hashString(name) % 3 === 2, else CHANNEL_NOT_FOUND (as code or description, routes/reports.ts).
//
// The real forms, where they show:
// - report envelope: `restTokens: -1` (balance not reported), `validUntil: 57657398400` (no
//   known end), and NOT_READY answers carry `report: false` (routes/reports.ts);
// - TikTok: `features.audience_geo.data` as `{groups, countries: [{id, code, prc}]}`, and every
//   feature carries `status: {code: "OK"}` beside `data` (reports/tiktok.ts);
// - YouTube: `video_integration_price` under `result.report`, a top-level `result.features: []`
//   and `result.report._report_state`; every tenth video has `time_added: 0` (reports/youtube.ts);
// - linked accounts (`social_networks`) carry `social_id`, not `id`, and a Facebook account
//   (type 8) may be among them (reports/common.ts);
// - Instagram: empty maps (EMV, reach, prices without enough posts) arrive as `[]` (reports/instagram.ts);
// - TikTok: a month without posts (quietMonth below: one real-forms account in four, by
//   hashString(`quiet-month:${name}`) % 4 === 0) answers as the real answer of api-notes does:
//   the 7- and 30-day figures made from posts are 0 with mark `poor`, not null, beside the
//   overall `value` and the longer periods' figures (asQuietMonth, reports/tiktok.ts);
// - discovery: `social_networks[]` items are `{type: "instagram", social_id, …}` (discovery/search.ts).
import { hashString, type Network } from './random';

/** Names that always answer in the reference's forms: `nasa` and the accounts e2e specs follow. */
export const REFERENCE_ONLY: ReadonlySet<string> = new Set([
  'nasa', 'natgeo', 'dancer', 'minidancer', 'foodchannel', 'shroud', 'snapper', 'slowstreamer', 'novideos_streamer',
]);

/** True when this account answers in the real forms (see the rule above). */
export function usesRealForms(network: Network, name: string): boolean {
  const key = name.trim().toLowerCase();
  if (REFERENCE_ONLY.has(key)) return false;
  return hashString(`real-forms:${network}:${key}`) % 3 === 0;
}

/** True when an unknown account answers code 16 "Object not found" (see the rule above). */
export function notFoundAsCode16(name: string): boolean {
  return hashString(name) % 3 === 2;
}

/** `validUntil` of real answers that have no known end (a date in year 3797 if read as one). */
export const NO_KNOWN_END = 57657398400;

/** The network names real discovery answers give as `social_networks[].type`. */
export const NETWORK_NAMES = { 1: 'instagram', 2: 'youtube', 3: 'tiktok', 4: 'twitch', 5: 'twitter', 7: 'snapchat', 8: 'facebook' } as const;

/** True when a TikTok account answers with a month without posts (see the rule above). */
export function quietMonth(network: Network, name: string): boolean {
  return network === 'tiktok' && usesRealForms(network, name) && hashString(`quiet-month:${name.trim().toLowerCase()}`) % 4 === 0;
}

/** TikTok metrics whose period figures are made from the period's posts (spec 2.4). */
const TIKTOK_POST_FIGURES = [
  'media_per_week', 'post_frequency', 'media_count', 'er', 'views_avg', 'alikes_avg', 'comments_avg', 'shares_avg',
  'likes_count', 'comments_count', 'shares_count', 'likes_views_ratio', 'comments_likes_ratio', 'views_followers_ratio',
] as const;

/** The periods a quiet month empties: the last 30 days, and so the last 7. */
const QUIET_PERIODS = ['7d', '30d'] as const;

/**
 * A TikTok report body as the real answer of api-notes gives a month without posts: each
 * post-made figure of 7 and 30 days is 0 with mark `poor` (and its title "Poor"); the lists of
 * those periods' posts are empty. `value` (overall) and the longer periods stay as they were.
 */
export function asQuietMonth(metrics: Record<string, unknown>, features: Record<string, unknown>): void {
  const rec = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  for (const key of TIKTOK_POST_FIGURES) {
    const performance = rec(rec(metrics[key])?.performance);
    for (const period of QUIET_PERIODS) {
      const entry = rec(performance?.[period]);
      if (!entry) continue;
      entry.value = 0;
      if ('value_prev' in entry) entry.value_prev = entry.value_prev ?? 0;
      entry.mark = 'poor';
      for (const title of ['mark_title', 'mark_tittle']) if (title in entry) entry[title] = 'Poor';
    }
  }
  for (const list of Object.values(rec(rec(features.most_media)?.data) ?? {})) {
    const performance = rec(rec(list)?.performance);
    for (const period of QUIET_PERIODS) {
      const entry = rec(performance?.[period]);
      if (entry) entry.media_ids = [];
    }
  }
  const likes = rec(rec(features.likes_distribution)?.data);
  for (const period of QUIET_PERIODS) {
    const entry = rec(likes?.[period]);
    const counts = rec(entry?.value);
    if (counts) for (const bracket of Object.keys(counts)) counts[bracket] = 0;
  }
}
