// Short facts as text: contacts, prices, categories, rankings, links, linked accounts.
import { formatCount, formatMetric, formatSignedCount, networkLabels } from '@shared/format';
import { countryName, KNOWN_FEATURES, languageName } from './breakdowns';
import { arr, at, entries, humanize, isRec, num, own, rec, str, strings, type Rec } from './read';
import { PERIODS } from './types';

export type Extra = { label: string; value: string };

const MAX_LIST = 12;

function list(values: readonly string[]): string | null {
  const unique = [...new Set(values)];
  if (unique.length === 0) return null;
  const shown = unique.slice(0, MAX_LIST).join(', ');
  return unique.length > MAX_LIST ? `${shown} and ${unique.length - MAX_LIST} more` : shown;
}

class Extras {
  readonly items: Extra[] = [];
  add(label: string, value: string | null | undefined): void {
    if (value && !this.items.some((e) => e.label === label)) this.items.push({ label, value });
  }
  list(label: string, values: readonly string[]): void {
    this.add(label, list(values));
  }
}

const money = (v: number | null) => (v === null ? null : formatMetric(v, 'money'));
const count = (v: number | null) => (v === null ? null : formatMetric(v, 'count'));

function range(from: string | null, to: string | null): string | null {
  if (from && to) return `${from}–${to}`;
  return from ?? to;
}

/** blogger_prices {post_price, post_price_from, post_price_to, stories_price, cpm, cpe}. */
function prices(x: Extras, p: unknown): void {
  const post = money(num(own(p, 'post_price')));
  const postRange = range(money(num(own(p, 'post_price_from'))), money(num(own(p, 'post_price_to'))));
  x.add('Post price', post && postRange ? `${post} (${postRange})` : (post ?? postRange));
  x.add('Story price', money(num(own(p, 'stories_price'))));
  x.add('CPM', money(num(own(p, 'cpm'))));
  x.add('CPE', money(num(own(p, 'cpe'))));
}

/** blogger_rankings {worldwide{rank, delta}, country{rank, delta, code}, category{rank, delta, title}}. */
function rankings(x: Extras, r: unknown): void {
  for (const [scope, raw] of entries(r)) {
    const rank = num(own(raw, 'rank'));
    if (rank === null) continue;
    const delta = num(own(raw, 'delta'));
    const where =
      scope === 'worldwide'
        ? 'worldwide'
        : scope === 'country'
          ? `in ${countryName(str(own(raw, 'code')) ?? 'country')}`
          : scope === 'category'
            ? `in ${str(own(raw, 'title')) ?? 'category'}`
            : humanize(scope).toLowerCase();
    // A rank and its change are exact counts, with separators: '#3,040,438 (−4,995)'.
    const d = delta === null || Math.round(delta) === 0 ? '' : ` (${formatSignedCount(Math.round(delta))})`;
    x.add(`Rank ${where}`, `#${formatCount(Math.round(rank))}${d}`);
  }
}

/** social_networks type ids (spec 2.1; 1 Instagram, 5 Twitter and 8 Facebook occur in real answers). */
const NETWORK_IDS: Record<number, string> = { 1: 'Instagram', 2: 'YouTube', 3: 'TikTok', 4: 'Twitch', 5: 'Twitter', 7: 'Snapchat', 8: 'Facebook' };
const NETWORK_NAMES: Record<string, string> = { ...networkLabels, facebook: 'Facebook' };

/** A linked account's network by its type: a number (reports) or a name (discovery's real form). */
function networkName(type: unknown): string {
  const n = num(type);
  if (n !== null) return Object.hasOwn(NETWORK_IDS, n) ? NETWORK_IDS[n]! : `Network #${n}`;
  const s = str(type)?.toLowerCase();
  return s && Object.hasOwn(NETWORK_NAMES, s) ? NETWORK_NAMES[s]! : s ? humanize(s) : 'Another network';
}

/**
 * social_networks: `[{type, id}]`, `[{type, social_id}]` or Instagram's `[{type, username, title,
 * subscribers_count, …}]`. By name and network where the answer names the account
 * ('Twitch: NASA (@nasa, 71.7M followers)'); an account given only by the network's id is
 * named by its network alone ('Instagram'): the API does not send its name, and the id is no
 * researcher's word.
 */
function linked(x: Extras, networks: unknown): void {
  const out: string[] = [];
  const byIdOnly = new Map<string, number>();
  for (const n of arr(networks)) {
    const name = networkName(own(n, 'type'));
    const username = str(own(n, 'username'));
    const title = str(own(n, 'title'));
    const id = str(own(n, 'social_id')) ?? str(own(n, 'id'));
    const followers = count(num(own(n, 'subscribers_count')));
    const about = [username && title ? `@${username}` : null, followers ? `${followers} followers` : null].filter((p) => p !== null).join(', ');
    if (title ?? username) out.push(`${name}: ${title ?? `@${username}`}${about ? ` (${about})` : ''}`);
    // Given only by the network's internal id, which no researcher can use: the network is what it says.
    else if (id) byIdOnly.set(name, (byIdOnly.get(name) ?? 0) + 1);
  }
  for (const [name, n] of byIdOnly) out.push(n === 1 ? name : `${name} (${n} accounts)`);
  x.list('Also on', out);
}

const TIKTOK_TYPES: Record<string, string> = { report: 'Mini report', advanced_report: 'Advanced report' };

export function instagramExtras(x: Extras, user: Rec): void {
  x.list('Categories', strings(own(user, 'blogger_categories')));
  x.add('Country', (() => {
    const c = str(at(user, 'blogger_geo', 'country'));
    return c ? countryName(c) : null;
  })());
  x.add('Location', str(own(user, 'location')));
  x.list('Languages', strings(own(user, 'blogger_languages')).map(languageName));
  x.list('Emails', strings(at(user, 'contact_details', 'emails')));
  x.list('Phones', strings(at(user, 'contact_details', 'phones')));
  prices(x, own(user, 'blogger_prices'));
  const est = own(user, 'est_post_price');
  x.add('Estimated post price', range(money(num(own(est, 'min'))), money(num(own(est, 'max')))));
  const reach = own(user, 'est_reach');
  x.add('Estimated reach', range(count(num(own(reach, 'from'))), count(num(own(reach, 'to')))));
  rankings(x, own(user, 'blogger_rankings'));
  x.add('Audience quality', str(own(user, 'aqs_description')));
  x.list('Brand safety risks', arr(at(user, 'brand_safety', 'items')).map((i) => str(own(i, 'title')) ?? str(own(i, 'type')) ?? '').filter((s) => s !== ''));
  if (Object.hasOwn(user, 'avg_likes') && user.avg_likes === null) x.add('Likes', 'Hidden by the creator');
  linked(x, own(user, 'social_networks'));
}

export function featureExtras(x: Extras, features: Rec, basic: Rec | null): void {
  const geo = at(features, 'blogger_geo', 'data');
  const country = str(own(geo, 'country')) ?? str(arr(own(geo, 'countries')).map((c) => own(c, 'code'))[0]);
  x.add('Country', country ? countryName(country) : null);
  x.list('Languages', strings(at(features, 'blogger_languages', 'data')).map(languageName));
  const gender = str(at(features, 'blogger_gender', 'data'));
  x.add('Gender', gender ? humanize(gender) : null);
  x.list('Topics', strings(at(features, 'blogger_thematics', 'data')));
  x.list('Emails', strings(at(features, 'blogger_emails', 'data')));
  x.list('Links', strings(own(basic, 'external_urls')));
  prices(x, at(features, 'blogger_prices', 'data'));
  rankings(x, at(features, 'blogger_rankings', 'data'));
  // TikTok aqs explanations: data.description.{part}.description.title.text.
  const aqsTexts = entries(at(features, 'aqs', 'data', 'description'))
    .map(([, part]) => str(at(part, 'description', 'title', 'text')))
    .filter((s): s is string => s !== null);
  x.add('Audience quality', aqsTexts.length > 0 ? aqsTexts.join('; ') : null);
  // Twitch games.
  x.list('Games', arr(at(features, 'games', 'data')).map((g) => str(at(g, 'basic', 'title')) ?? '').filter((s) => s !== ''));
  // Snapchat blogger_hashtags: the longest period's tags.
  const tags = rec(at(features, 'blogger_hashtags', 'data', 'performance'));
  if (tags) {
    const period = [...PERIODS].reverse().find((p) => arr(own(tags, p)).length > 0);
    if (period) x.list('Top hashtags', arr(own(tags, period)).map((t) => str(own(t, 'text')) ?? '').filter((s) => s !== '').map((t) => `#${t}`));
  }
  linked(x, at(features, 'social_networks', 'data'));
  // Unknown features holding strings.
  for (const [key, feature] of entries(features)) {
    if (KNOWN_FEATURES.has(key)) continue;
    const data = own(feature, 'data');
    if (isRec(feature) && typeof data === 'string') x.add(humanize(key), data.slice(0, 200));
    else if (Array.isArray(data) && data.length > 0 && data.every((d) => typeof d === 'string')) x.list(humanize(key), strings(data));
  }
}

export function resultExtras(x: Extras, result: Rec, quality: string | null, tiktokType: string | null): void {
  // Reference: `result.video_integration_price`; real YouTube answers put it under `result.report`.
  const price = at(result, 'video_integration_price', 'data') ?? at(result, 'report', 'video_integration_price', 'data');
  const p = money(num(own(price, 'price')));
  const r = range(money(num(own(price, 'price_from'))), money(num(own(price, 'price_to'))));
  x.add('Integration price', p && r ? `${p} (${r})` : (p ?? r));
  if (tiktokType && Object.hasOwn(TIKTOK_TYPES, tiktokType)) x.add('Report type', TIKTOK_TYPES[tiktokType]);
  x.add('Report quality', quality ? humanize(quality) : null);
}

export { Extras };
