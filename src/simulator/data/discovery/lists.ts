// Saved lists (`auditor.list`, spec 4.12 and 2.12): six fixed lists of universe accounts, and
// validation of the list query.
//
// Interpretations:
// - id is required, a positive integer; limit 1–100 (default 100); offset ≥ 0 (default 0).
//   Unknown parameters are ignored (clients send `v=2`).
// - Item `type` codes: IG instagram, YT youtube, TT tiktok, TW twitter, TR twitch (the spec
//   lists the codes without saying which of TW/TR is which).
// - `username` is the channel id for YouTube (2.12); `name` is the account title.
// - `audience_age` is the audience's largest age group in report spelling (`25-34`),
//   `audience_geo` its main country (ISO alpha-2). `er`, `audience_age` and `audience_geo` are
//   given for every type; `quality_audience` (real followers), `auth_engagement` (share of
//   engagement from real followers, percent) and `aqs` for Instagram only.
// - An account in several lists has the same report_id, created time and comment in each, and
//   `lists` names all of them ("1,6").
// - Each item also carries `avatar_url` (not listed in 2.12; harmless and handy for the UI).
import type { CdnLinker } from '../cdn';
import { universeName } from '../profile';
import { hashString, Rng } from '../random';
import { invalid, type Validation } from './errors';
import { ageKeys, reportAgeKeys, type SearchNetwork } from './taxonomy';
import { deriveAccount, REFERENCE_NOW } from './account';
import { UNIVERSE_SIZE } from './universe';

export const MAX_LIST_LIMIT = 100;

const typeCodes: Record<SearchNetwork, string> = {
  instagram: 'IG',
  youtube: 'YT',
  tiktok: 'TT',
  twitter: 'TW',
  twitch: 'TR',
};

interface ListSpec {
  id: number;
  name: string;
  size: number;
  networks: readonly SearchNetwork[];
  /** Accounts also taken from another list (first `count` of it). */
  alsoFrom?: { list: number; count: number };
}

/** The saved lists: ids 1–6, 5 to 300 items. */
export const savedLists: readonly ListSpec[] = [
  { id: 1, name: 'Summer campaign — Instagram', size: 48, networks: ['instagram'] },
  { id: 2, name: 'Tech reviewers', size: 120, networks: ['youtube'] },
  { id: 3, name: 'TikTok dance creators', size: 300, networks: ['tiktok'] },
  { id: 4, name: 'Streamers shortlist', size: 5, networks: ['twitch'] },
  { id: 5, name: 'Cross-network shortlist', size: 75, networks: ['instagram', 'youtube', 'tiktok', 'twitter', 'twitch'], alsoFrom: { list: 2, count: 10 } },
  { id: 6, name: 'Archive 2025', size: 210, networks: ['instagram', 'tiktok'], alsoFrom: { list: 1, count: 20 } },
];

interface Member {
  network: SearchNetwork;
  index: number;
}

let memberships: Map<number, Member[]> | null = null;

function buildLists(): Map<number, Member[]> {
  const out = new Map<number, Member[]>();
  for (const spec of savedLists) {
    const rng = new Rng(`list:${spec.id}`);
    const members: Member[] = [];
    const seen = new Set<string>();
    const push = (m: Member) => {
      const key = `${m.network}:${m.index}`;
      if (seen.has(key)) return;
      seen.add(key);
      members.push(m);
    };
    if (spec.alsoFrom) for (const m of (out.get(spec.alsoFrom.list) ?? []).slice(0, spec.alsoFrom.count)) push(m);
    while (members.length < spec.size) push({ network: rng.pick(spec.networks), index: rng.int(0, UNIVERSE_SIZE - 1) });
    out.set(spec.id, members);
  }
  return out;
}

function lists(): Map<number, Member[]> {
  memberships ??= buildLists();
  return memberships;
}

const comments = ['Great fit for Q3', 'Ask for rates', 'Audience mostly US', 'Contacted — waiting', 'Strong engagement, small reach', 'Check brand safety first'];

function listItem(m: Member, cdn: CdnLinker): Record<string, unknown> {
  const name = universeName(m.network, m.index);
  const a = deriveAccount(m.network, name, m.index);
  const p = a.profile;
  const rng = new Rng(`list-item:${m.network}:${a.username}`);
  const inLists = savedLists.filter((s) => lists().get(s.id)!.some((x) => x.network === m.network && x.index === m.index)).map((s) => s.id);
  const topAge = ageKeys.reduce((best, k) => (a.audience.ages[k] > a.audience.ages[best] ? k : best), ageKeys[0]);
  const item: Record<string, unknown> = {
    report_id: 1_000_000 + (hashString(`report:${m.network}:${a.username}`) % 9_000_000),
    name: p.title,
    username: m.network === 'youtube' ? p.id : a.username,
    type: typeCodes[m.network],
    followers: p.followers,
    comment: rng.bool(0.3) ? rng.pick(comments) : null,
    lists: inLists.join(','),
    created: REFERENCE_NOW - rng.int(1, 700) * 86_400 - rng.int(0, 86_399),
    er: p.er,
    audience_age: reportAgeKeys[topAge],
    audience_geo: a.audience.countries[0]!.code,
    avatar_url: cdn.avatar(m.network, a.username),
  };
  if (m.network === 'instagram') {
    item.quality_audience = a.realSubscribers;
    item.auth_engagement = (p.er * p.realAudience) / 100;
    item.aqs = p.aqs;
  }
  return item;
}

/** The items of a saved list, `limit` from `offset`; null for an unknown list id. */
export function listItems(listId: number, limit: number, offset: number, cdn: CdnLinker): unknown[] | null {
  const members = lists().get(listId);
  if (!members) return null;
  return members.slice(offset, offset + limit).map((m) => listItem(m, cdn));
}

/**
 * The accounts of a saved list as a report request names them: the username, or for YouTube
 * the channel id the list item carries (data/campaigns.ts draws its creators from these).
 */
export function listAccounts(listId: number): { network: SearchNetwork; name: string }[] {
  return (lists().get(listId) ?? []).map((m) => {
    const name = universeName(m.network, m.index);
    return { network: m.network, name: m.network === 'youtube' ? deriveAccount(m.network, name, m.index).profile.id : deriveAccount(m.network, name, m.index).username };
  });
}

/** How many items a saved list holds; null for an unknown id. */
export function listSize(listId: number): number | null {
  return lists().get(listId)?.length ?? null;
}

function intParam(params: URLSearchParams, name: string): number | null | 'invalid' {
  const raw = params.get(name);
  if (raw === null) return null;
  const n = Number(raw.trim());
  return /^-?\d+$/.test(raw.trim()) && Number.isSafeInteger(n) ? n : 'invalid';
}

export function validateListQuery(params: URLSearchParams): Validation<{ id: number; limit: number; offset: number }> {
  const id = intParam(params, 'id');
  if (id === null) return invalid('id is required');
  if (id === 'invalid' || id < 1) return invalid('id must be a positive integer');
  const limit = intParam(params, 'limit');
  if (limit === 'invalid') return invalid('limit must be an integer');
  if (limit !== null && (limit < 1 || limit > MAX_LIST_LIMIT)) return invalid(`limit must be between 1 and ${MAX_LIST_LIMIT}`);
  const offset = intParam(params, 'offset');
  if (offset === 'invalid') return invalid('offset must be an integer');
  if (offset !== null && offset < 0) return invalid('offset must be at least 0');
  return { ok: true, value: { id, limit: limit ?? MAX_LIST_LIMIT, offset: offset ?? 0 } };
}
