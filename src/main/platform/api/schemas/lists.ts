// Saved lists (2.12, 4.12): a page of a list's items, every text in it bounded.
import { z } from 'zod';
import type { Network } from '../types';
import { intId, intIdAt, networkOf, num, str, unwrapArray } from './common';
import { check, guard } from './errors';
import { boundedText, boundedValue, clipText, TEXT_LIMITS, VALUE_LIMITS } from './textBounds';
import { at, epochMs, idAt, isRecord, normaliseTree, numAt, strAt, type Json } from './normalise';

export interface ListItem {
  reportId: number;
  name: string | null;
  /** Username, or the channel id for YouTube. */
  username: string;
  /** IG, YT, TT, TW, TR as sent. */
  type: string;
  network: Network | null;
  followers: number | null;
  comment: string | null;
  /** `lists`, the comma-separated ids of the lists holding this report. */
  listIds: number[];
  /** Epoch ms of the first report request (`created`, unix seconds). */
  createdAt: number | null;
  er: number | null;
  /** The audience's main age group, `13-17` … `65+`. */
  audienceAge: string | null;
  /** The audience's main country, upper case. */
  audienceGeo: string | null;
  aqs: number | null;
  qualityAudience: number | null;
  authEngagement: number | null;
  avatarUrl: string | null;
  /** Every field of the item as sent, each bounded (boundedField): what a table of the item's other fields shows. */
  fields: Record<string, unknown>;
  raw: Json;
}

/**
 * A field shown as it was sent, bounded: a text cut to a caption's length (a list item's comment
 * is free text), a number or flag as it is, any other value whose JSON is longer than a
 * description as that JSON, cut.
 */
function boundedField(value: unknown): unknown {
  if (typeof value === 'string') return clipText(value, TEXT_LIMITS.caption);
  if (value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  return json.length <= TEXT_LIMITS.description ? value : clipText(json, TEXT_LIMITS.description);
}

/** The list item type codes (the spec lists them without saying which of TW/TR is which: TW twitter, TR twitch). */
const listTypes: Record<string, Network> = { IG: 'instagram', YT: 'youtube', TT: 'tiktok', TW: 'twitter', TR: 'twitch', SC: 'snapchat' };

const listBody = z.array(
  z.looseObject({
    report_id: intId,
    name: str,
    username: z.union([z.string(), z.number()]),
    type: z.string(),
    followers: num,
    comment: str,
    lists: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).nullish(),
    created: z.union([z.number(), z.string()]).nullish(),
    er: num,
    audience_age: str,
    audience_geo: str,
    aqs: num,
    quality_audience: num,
    auth_engagement: num,
    avatar_url: str,
  }),
);

/** A list item's `lists`: list numbers, comma-separated (or an array, or one number). */
export function listIdsOf(value: unknown): number[] {
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
  return parts
    .map((p) => (typeof p === 'number' ? p : typeof p === 'string' && /^\s*\d+\s*$/.test(p) ? Number(p) : NaN))
    .filter((n) => Number.isFinite(n));
}

/** A page of a list's items, every text in it bounded (textBounds.ts): the one reader of an answer, a teammate's page and the cached items. */
export function parseList(json: unknown): ListItem[] {
  const what = 'List items';
  return guard(what, () => {
    const { value, prefix } = unwrapArray(json, what);
    const raw = normaliseTree(value) as unknown[];
    check(listBody, raw, what, prefix);
    return raw.filter(isRecord).map((item) => {
      const type = strAt(item, 'type') ?? '';
      return {
        reportId: intIdAt(item, 'report_id') ?? 0,
        name: boundedText(strAt(item, 'name'), 'title'),
        username: clipText(idAt(item, 'username') ?? '', TEXT_LIMITS.username),
        type: clipText(type, VALUE_LIMITS.code),
        network: listTypes[type.trim().toUpperCase()] ?? networkOf(type),
        followers: numAt(item, 'followers'),
        comment: boundedText(strAt(item, 'comment'), 'caption'),
        listIds: listIdsOf(item.lists),
        createdAt: epochMs(at(item, 'created')),
        er: numAt(item, 'er'),
        audienceAge: boundedValue(strAt(item, 'audience_age'), 'code'),
        audienceGeo: boundedValue(strAt(item, 'audience_geo'), 'country'),
        aqs: numAt(item, 'aqs'),
        qualityAudience: numAt(item, 'quality_audience'),
        authEngagement: numAt(item, 'auth_engagement'),
        avatarUrl: boundedValue(strAt(item, 'avatar_url'), 'url'),
        fields: Object.fromEntries(Object.entries(item).map(([key, value]) => [key, boundedField(value)])),
        raw: item,
      };
    });
  });
}
