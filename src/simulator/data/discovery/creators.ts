// Validation of `auditor.creators` query parameters (spec 4.10, section 8).
//
// Interpretations:
// - Unknown parameters are ignored (clients send `v=2` and the auth pair may travel as
//   parameters); a parameter given with an empty value is an error.
// - limit defaults to 100 (the spec gives no default; 100 is the documented maximum, as for lists).
// - Dates must be `YYYY-MM-DDTHH:MM:SS±HH:MM`; `Z` is accepted as the +00:00 offset, and a space
//   in the sign position is read as `+` (an unencoded `+` in a query string decodes to a space).
//   The date must exist on the calendar; from must not be after to.
// - creator_ids: digits separated by single commas, nothing else (no spaces, no empty items).
// - creator_accounts: the JSON must contain no whitespace at all; items must have exactly
//   social_type and social_id, each a non-empty string or an integer (returned as strings).
import { z } from 'zod';
import { invalid, safeParse, type Validation } from './errors';

export const MAX_CREATOR_IDS = 1000;
export const MAX_CREATOR_ACCOUNTS = 100;
export const MAX_CREATORS_LIMIT = 100;

export interface CreatorsQuery {
  unlockedFrom?: Date;
  unlockedTo?: Date;
  limit: number;
  cursor?: string;
  creatorIds?: number[];
  creatorAccounts?: Array<{ social_type: string; social_id: string }>;
}

const isoWithOffset = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:([+\- ])(\d{2}):(\d{2})|Z)$/;

/** Parses `YYYY-MM-DDTHH:MM:SS±HH:MM`; null when malformed or not a real instant. */
export function parseOffsetDateTime(text: string): Date | null {
  const m = isoWithOffset.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const sign = m[7] === '-' ? -1 : 1;
  const offH = m[8] === undefined ? 0 : Number(m[8]);
  const offM = m[9] === undefined ? 0 : Number(m[9]);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || offH > 14 || offM > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - sign * (offH * 60 + offM) * 60_000;
  return new Date(utc);
}

const idOrName = z
  .union([z.string().min(1), z.int()], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a non-empty string or an integer') })
  .transform(String);

const creatorAccountsSchema = z.strictObject({
  creators: z
    .array(z.strictObject({ social_type: idOrName, social_id: idOrName }))
    .min(1)
    .max(MAX_CREATOR_ACCOUNTS, { error: `must hold at most ${MAX_CREATOR_ACCOUNTS} items` }),
});

function intParam(params: URLSearchParams, name: string): { value: number } | { error: string } | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^-?\d+$/.test(raw.trim())) return { error: `${name} must be an integer` };
  return { value: Number(raw.trim()) };
}

export function validateCreatorsQuery(params: URLSearchParams): Validation<CreatorsQuery> {
  const query: CreatorsQuery = { limit: MAX_CREATORS_LIMIT };

  for (const [name, key] of [
    ['report_unlocked_from', 'unlockedFrom'],
    ['report_unlocked_to', 'unlockedTo'],
  ] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const date = parseOffsetDateTime(raw);
    if (!date) return invalid(`${name} must be an ISO date-time with offset, YYYY-MM-DDTHH:MM:SS±HH:MM`);
    query[key] = date;
  }
  if (query.unlockedFrom && query.unlockedTo && query.unlockedFrom.getTime() > query.unlockedTo.getTime()) {
    return invalid('report_unlocked_from must not be after report_unlocked_to');
  }

  const limit = intParam(params, 'limit');
  if (limit) {
    if ('error' in limit) return invalid(limit.error);
    if (limit.value < 1 || limit.value > MAX_CREATORS_LIMIT) return invalid(`limit must be between 1 and ${MAX_CREATORS_LIMIT}`);
    query.limit = limit.value;
  }

  const cursor = params.get('cursor');
  if (cursor !== null) {
    if (cursor.trim() === '') return invalid('cursor must not be empty');
    query.cursor = cursor;
  }

  const ids = params.get('creator_ids');
  if (ids !== null) {
    if (!/^\d+(,\d+)*$/.test(ids)) return invalid('creator_ids must be numeric ids separated by commas, without spaces');
    const list = ids.split(',').map(Number);
    if (list.length > MAX_CREATOR_IDS) return invalid(`creator_ids must hold at most ${MAX_CREATOR_IDS} ids`);
    if (list.some((n) => !Number.isSafeInteger(n))) return invalid('creator_ids must be numeric ids separated by commas, without spaces');
    query.creatorIds = list;
  }

  const accounts = params.get('creator_accounts');
  if (accounts !== null) {
    if (/\s/.test(accounts)) return invalid('creator_accounts must be written inline, without spaces or line breaks');
    let json: unknown;
    try {
      json = JSON.parse(accounts);
    } catch {
      return invalid('creator_accounts must be a JSON object {"creators":[...]}');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return invalid('creator_accounts must be a JSON object {"creators":[...]}');
    const parsed = safeParse(creatorAccountsSchema, json);
    if (!parsed.ok) return { ok: false, description: parsed.description.replace(/^Invalid request: /, 'Invalid request: creator_accounts.') };
    query.creatorAccounts = parsed.value.creators;
  }

  return { ok: true, value: query };
}
