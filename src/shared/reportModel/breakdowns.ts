// Audience breakdowns of every network's shape, as label/value lists.
import { countryName, regionName } from '@shared/countries';
import { arr, at, entries, humanize, isRec, num, own, str, strings, type Rec } from './read';
import { PERIOD_WORDS } from '@shared/format';
import { PERIODS, type Breakdown, type BreakdownItem, type Period } from './types';

export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', unknown: 'Unknown' };

let languageNames: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
  try {
    return (languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' }));
  } catch {
    languageNames = null;
    return null;
  }
}

/** 'US', 'us', 'United States' → 'United States': the one dictionary of src/shared/countries. */
export { countryName };

/** 'es' → 'Spanish'; the code itself when unknown. */
export function languageName(code: string): string {
  if (!/^[A-Za-z]{2,3}$/.test(code)) return code;
  try {
    const name = displayNames()?.of(code.toLowerCase());
    return name && name !== code.toLowerCase() ? name : code;
  } catch {
    return code;
  }
}

/** Items from `[{<label field>, <value field>}]` (or `[[label, value]]`). */
function listItems(list: unknown, labelFields: readonly string[], valueFields: readonly string[], name: (s: string) => string = (s) => s): BreakdownItem[] {
  const out: BreakdownItem[] = [];
  for (const item of arr(list)) {
    let label: string | null = null;
    let value: number | null = null;
    if (Array.isArray(item)) {
      label = str(item[0]);
      value = num(item[1]);
    } else if (isRec(item)) {
      for (const f of labelFields) if (label === null) label = str(own(item, f));
      for (const f of valueFields) if (value === null) value = num(own(item, f));
    }
    if (label !== null && value !== null) out.push({ label: name(label), value });
  }
  return out;
}

/** Items from `{key: number}`, labelled from a table or the key. */
function mapItems(obj: unknown, labels: Record<string, string> = {}, name: (key: string) => string = humanize): BreakdownItem[] {
  const out: BreakdownItem[] = [];
  for (const [key, raw] of entries(obj)) {
    const value = num(raw);
    if (value !== null) out.push({ label: Object.hasOwn(labels, key) ? labels[key]! : name(key), value });
  }
  return out;
}

const byValueDesc = (a: BreakdownItem, b: BreakdownItem) => b.value - a.value;

/**
 * A finished breakdown, or null without items. A top-N share list (countries, languages)
 * whose items leave more than 1 % unaccounted for gets an 'Other' item for the rest.
 */
function make(
  key: string,
  label: string,
  kind: Breakdown['kind'],
  items: BreakdownItem[],
  share: boolean,
  opts: { sort?: boolean; other?: boolean; counts?: boolean } = {},
): Breakdown | null {
  if (items.length === 0) return null;
  const list = opts.sort ? [...items].sort(byValueDesc) : items;
  if (share && opts.other) {
    const sum = list.reduce((s, i) => s + i.value, 0);
    if (sum > 0 && sum < 99) list.push({ label: 'Other', value: 100 - sum });
  }
  return { key, label, kind, items: list, share, unit: opts.counts ? 'count' : 'percent' };
}

/** `{bucket: {male, female, unknown?}}` → stacked items in age order, each bucket's total its value. */
function ageGenderItems(table: unknown): BreakdownItem[] {
  const keys = entries(table).map(([k]) => k);
  const ordered = [...AGE_BUCKETS.filter((b) => keys.includes(b)), ...keys.filter((k) => !(AGE_BUCKETS as readonly string[]).includes(k))];
  const out: BreakdownItem[] = [];
  for (const bucket of ordered) {
    const cell = own(table, bucket);
    const parts: { label: string; value: number }[] = [];
    for (const [gender, raw] of entries(cell)) {
      const value = num(raw);
      if (value !== null) parts.push({ label: Object.hasOwn(GENDER_LABELS, gender) ? GENDER_LABELS[gender]! : humanize(gender), value });
    }
    if (parts.length === 0) continue;
    out.push({ label: bucket, value: parts.reduce((s, p) => s + p.value, 0), parts });
  }
  return out;
}

/** Instagram `demography_by_age[{gender, by_age_group[{group, value}]}]` as `{bucket: {gender: value}}`. */
function instagramAgeTable(list: unknown): Rec {
  const table: Rec = {};
  for (const row of arr(list)) {
    const gender = str(own(row, 'gender'))?.toLowerCase();
    if (!gender) continue;
    const g = gender === 'm' ? 'male' : gender === 'f' ? 'female' : gender;
    for (const cell of arr(own(row, 'by_age_group'))) {
      const group = str(own(cell, 'group'))?.replace(/^age/, '');
      const value = num(own(cell, 'value'));
      if (!group || value === null || group === '__proto__') continue;
      const bucket = (Object.hasOwn(table, group) ? table[group] : (table[group] = {})) as Rec;
      if (g !== '__proto__') bucket[g] = value;
    }
  }
  return table;
}

/** The gender totals of an age×gender table. */
function genderTotals(items: readonly BreakdownItem[]): BreakdownItem[] {
  const totals = new Map<string, number>();
  for (const item of items) for (const p of item.parts ?? []) totals.set(p.label, (totals.get(p.label) ?? 0) + p.value);
  return [...totals].map(([label, value]) => ({ label, value }));
}

function push(out: Breakdown[], b: Breakdown | null): void {
  if (b && !out.some((x) => x.key === b.key)) out.push(b);
}

const AUDIENCE_TYPES: Record<string, string> = {
  real: 'Real people',
  mass: 'Mass followers',
  infs: 'Influencers',
  susp: 'Suspicious accounts',
  bots: 'Suspicious accounts',
};

const RACES: Record<string, string> = {
  asian: 'Asian',
  caucasian: 'Caucasian',
  hispanic: 'Hispanic',
  indian: 'Indian',
  african: 'African',
  arabian: 'Arabian',
};

const SENTIMENTS: Record<string, string> = { POSITIVE: 'Positive', NEUTRAL: 'Neutral', NEGATIVE: 'Negative' };

function ageGenderBreakdowns(out: Breakdown[], table: unknown, genders?: BreakdownItem[]): void {
  const items = ageGenderItems(table);
  push(out, make('age_gender', 'Audience by age and gender', 'stacked', items, true));
  push(out, make('gender', 'Audience by gender', 'pie', genders && genders.length > 0 ? genders : genderTotals(items), true));
}

/** Instagram's flat `user`. */
export function instagramBreakdowns(user: Rec): Breakdown[] {
  const out: Breakdown[] = [];
  const genders = listItems(own(user, 'demography'), ['gender'], ['value'], (g) => (g.toUpperCase() === 'M' ? 'Male' : g.toUpperCase() === 'F' ? 'Female' : humanize(g)));
  ageGenderBreakdowns(out, instagramAgeTable(own(user, 'demography_by_age')), genders);
  const geography = own(user, 'audience_geography');
  push(out, make('countries', 'Audience countries', 'bar', listItems(own(geography, 'countries'), ['code', 'name', 'title'], ['value', 'prc'], countryName), true, { sort: true, other: true }));
  push(out, make('states', 'Audience states', 'bar', listItems(own(geography, 'states'), ['name', 'title'], ['value', 'prc']), false, { sort: true }));
  push(out, make('cities', 'Audience cities', 'bar', listItems(own(geography, 'cities'), ['name', 'title'], ['value', 'prc']), false, { sort: true }));
  push(out, make('languages', 'Audience languages', 'bar', listItems(own(user, 'audience_languages'), ['code', 'title'], ['value', 'prc'], languageName), true, { sort: true, other: true }));
  push(out, make('audience_type', 'Audience type', 'pie', mapItems(own(user, 'audience_type'), AUDIENCE_TYPES), true));
  push(out, make('ethnicity', 'Audience ethnicity', 'pie', listItems(own(user, 'audience_ethnicity'), ['name', 'title'], ['value', 'prc']), true, { sort: true }));
  // `[name, share]` with the share a fraction of the audience; overlapping, so not parts of a whole.
  const interests = listItems(own(user, 'audience_interests'), ['name', 'title'], ['value', 'prc']);
  const fractions = interests.length > 0 && interests.every((i) => Math.abs(i.value) <= 1);
  push(out, make('interests', 'Audience interests', 'bar', fractions ? interests.map((i) => ({ ...i, value: i.value * 100 })) : interests, false, { sort: true }));
  push(out, make('income', 'Audience income', 'bar', mapItems(own(user, 'audience_income'), {}).map((i) => ({ ...i, label: /^\d/.test(i.label) ? `$${i.label}` : i.label })), true));
  return out;
}

/** The period a per-period breakdown shows: the longest the feature carries. */
function longestPeriod(obj: unknown): Period | null {
  for (const p of [...PERIODS].reverse()) if (isRec(own(obj, p))) return p;
  return isRec(own(obj, 'all')) ? '365d' : null;
}


/** Features handled here or elsewhere: generic treatment skips them. */
export const KNOWN_FEATURES: ReadonlySet<string> = new Set([
  'audience_age_gender',
  'audience_geo',
  'audience_languages',
  'audience_by_type',
  'audience_races',
  'audience_sentiments',
  'audience_thematics',
  'likes_distribution',
  'blogger_views_likes_chart',
  'stream_viewers',
  'most_media',
  'last_media',
  'blogger_challenges_performance',
  'social_networks',
  'blogger_geo',
  'blogger_languages',
  'blogger_emails',
  'blogger_thematics',
  'blogger_hashtags',
  'blogger_gender',
  'blogger_prices',
  'blogger_rankings',
  'games',
  'aqs',
  'cqs',
  'blogger_emv',
  'blogger_reach',
  'audience_age_21_plus_prc',
  'media_by_type',
]);

/** `report.features` of YouTube, TikTok, Twitch, Twitter and Snapchat. */
export function featureBreakdowns(features: Rec): Breakdown[] {
  const out: Breakdown[] = [];
  ageGenderBreakdowns(out, at(features, 'audience_age_gender', 'data'));

  // audience_geo.data: TikTok / YouTube a list; Twitch / Snapchat {countries, groups | states}.
  const geo = at(features, 'audience_geo', 'data');
  const countries = Array.isArray(geo) ? geo : own(geo, 'countries');
  push(out, make('countries', 'Audience countries', 'bar', listItems(countries, ['code', 'title', 'name'], ['prc', 'value'], countryName), true, { sort: true, other: true }));
  push(out, make('regions', 'Audience regions', 'bar', mapItems(own(geo, 'groups'), {}, regionName), true, { sort: true, other: true }));
  push(out, make('states', 'Audience states', 'bar', listItems(own(geo, 'states'), ['title', 'name'], ['prc', 'value']), false, { sort: true }));

  push(out, make('languages', 'Audience languages', 'bar', listItems(at(features, 'audience_languages', 'data'), ['title', 'code'], ['prc', 'value'], languageName), true, { sort: true, other: true }));
  push(out, make('audience_type', 'Audience type', 'pie', mapItems(at(features, 'audience_by_type', 'data'), AUDIENCE_TYPES), true));
  push(out, make('ethnicity', 'Audience ethnicity', 'pie', mapItems(at(features, 'audience_races', 'data'), RACES).sort(byValueDesc), true));

  const sentiments: BreakdownItem[] = [];
  for (const [key, raw] of entries(at(features, 'audience_sentiments', 'data', 'sentiments'))) {
    const value = num(own(raw, 'prc'));
    const count = num(own(raw, 'count'));
    if (value !== null) sentiments.push({ label: Object.hasOwn(SENTIMENTS, key) ? SENTIMENTS[key]! : humanize(key), value, ...(count !== null ? { extra: count } : {}) });
  }
  push(out, make('sentiments', 'Comment sentiment', 'pie', sentiments, true));

  // Snapchat's audience_thematics: taxonomy ids whose names are not published, so an id is
  // named as what it is ('Interest #31'), never given a made-up topic.
  push(out, make('interests', 'Audience interests', 'bar', listItems(at(features, 'audience_thematics', 'data'), ['title', 'name', 'id'], ['prc', 'value'], (id) => (/^\d+$/.test(id) ? `Interest #${id}` : id)), false, { sort: true }));

  // TikTok likes_distribution: posts per likes group over the longest period, value_prev as extra.
  const dist = at(features, 'likes_distribution', 'data');
  const period = longestPeriod(dist);
  if (period) {
    const entry = own(dist, period) ?? own(dist, 'all');
    const prev = own(entry, 'value_prev');
    const items: BreakdownItem[] = [];
    for (const [group, raw] of entries(own(entry, 'value'))) {
      const value = num(raw);
      const extra = num(own(prev, group));
      if (value !== null) items.push({ label: group, value, ...(extra !== null ? { extra } : {}) });
    }
    push(out, make('likes_distribution', `Posts by likes (${PERIOD_WORDS[period]})`, 'bar', items, false, { counts: true }));
  }

  // Unknown features that look like a breakdown: a list of {label, share} or a map of numbers.
  for (const [key, feature] of entries(features)) {
    if (KNOWN_FEATURES.has(key)) continue;
    const data = own(feature, 'data');
    let items: BreakdownItem[] = [];
    if (Array.isArray(data)) items = listItems(data, ['title', 'name', 'code', 'label', 'id'], ['prc', 'value', 'share', 'count']);
    else if (isRec(data) && num(own(data, 'value')) === null) items = mapItems(data);
    if (items.length >= 2) push(out, make(`feature.${key}`, humanize(key), 'bar', items, false, { counts: true }));
  }
  return out;
}

/** Labels of strings under a feature: used for extras. */
export function featureStrings(features: Rec, key: string): string[] {
  return strings(at(features, key, 'data'));
}
