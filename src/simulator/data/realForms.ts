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
