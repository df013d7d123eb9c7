// Creator profiles (2.10, 4.10): the creators answer, each profile's texts bounded here.
import { z } from 'zod';
import type { Network } from '../types';
import { anyId, bool, checkedTree, intId, intIdAt, networkOf, num, obj, str } from './common';
import { guard } from './errors';
import { boundedText, boundedValue } from './textBounds';
import { at, epochMs, firstOf, idAt, isRecord, listAt, numAt, recAt, strAt, type Json } from './normalise';

export interface CreatorAccount {
  id: string;
  title: string | null;
  /** `social_network` when it names a known network. */
  network: Network | null;
  /** `social_network` as sent. */
  socialNetwork: string | null;
  followers: number | null;
  username: string | null;
  avatarUrl: string | null;
  reportUnlocked: boolean | null;
  /** Epoch ms; null while locked. */
  reportUnlockedAt: number | null;
}

export interface CreatorStatus {
  id: number | null;
  name: string | null;
}

export interface Creator {
  id: number;
  avatarUrl: string | null;
  isFavorite: boolean | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  /** male, female (lower case), or null. */
  gender: string | null;
  /** Two-letter codes, lower case (the API sends a string or an array). */
  languages: string[];
  emails: string[];
  phones: string[];
  /** `code` upper case. */
  country: { title: string | null; code: string | null } | null;
  /** The city's id in the public geographic database. */
  cityId: string | null;
  messages: { count: number | null; newCount: number | null };
  accounts: CreatorAccount[];
  networkStatus: CreatorStatus | null;
  contractStatus: CreatorStatus | null;
  paymentStatus: CreatorStatus | null;
  raw: Json;
}

const status = obj({ id: num, name: str });

const creatorsBody = z.looseObject({
  creators: z.array(
    z.looseObject({
      id: intId,
      avatar_url: str,
      is_favorite: bool,
      first_name: str,
      last_name: str,
      bio: str,
      gender: z.union([z.string(), z.looseObject({})]).nullish(),
      language: z.union([z.string(), z.array(z.string())]).nullish(),
      emails: z.array(z.string()).nullish(),
      phones: z.array(z.string()).nullish(),
      country: z.union([z.string(), obj({ title: str, code: str })]).nullish(),
      city: obj({ code: anyId, id: anyId }),
      messages: obj({ count: num, new_count: num }),
      accounts: z
        .array(
          z.looseObject({
            id: anyId,
            title: str,
            social_network: str,
            subscribers_count: num,
            username: str,
            avatar_url: str,
            is_report_unlocked: bool,
            report_unlock_date: str,
          }),
        )
        .nullish(),
      network_status: status,
      contract_status: status,
      payment_status: status,
    }),
  ),
  next_cursor: z.union([z.string(), z.number()]).nullish(),
});

function statusAt(value: unknown, key: string): CreatorStatus | null {
  const s = recAt(value, key);
  return s ? { id: numAt(s, 'id'), name: boundedText(strAt(s, 'name'), 'title') } : null;
}

function genderOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value : firstOf(strAt(value, 'code'), strAt(value, 'name'), strAt(value, 'title'), strAt(value, 'value'));
  const clean = text?.trim().toLowerCase() ?? '';
  return clean === '' ? null : boundedValue(clean, 'code');
}

function languagesOf(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return list.map((l) => l.trim().toLowerCase()).filter((l) => l !== '' && boundedValue(l, 'language') !== null);
}

/** Strings of a list that are values of `kind` (an address, a number): longer ones are left out. */
function valuesAt(value: unknown, key: string, kind: 'email' | 'phone'): string[] {
  return listAt(value, key).filter((v): v is string => typeof v === 'string' && boundedValue(v, kind) !== null);
}

/** A creator profile, its texts bounded here (textBounds.ts): the one reader of an answer, a teammate's profile and a cached one. */
function creator(c: Json): Creator {
  const country = at(c, 'country');
  return {
    id: intIdAt(c, 'id') ?? 0,
    avatarUrl: boundedValue(strAt(c, 'avatar_url'), 'url'),
    isFavorite: typeof c.is_favorite === 'boolean' ? c.is_favorite : null,
    firstName: boundedText(strAt(c, 'first_name'), 'title'),
    lastName: boundedText(strAt(c, 'last_name'), 'title'),
    bio: boundedText(strAt(c, 'bio'), 'description'),
    gender: genderOf(c.gender),
    languages: languagesOf(c.language),
    emails: valuesAt(c, 'emails', 'email'),
    phones: valuesAt(c, 'phones', 'phone'),
    country:
      typeof country === 'string'
        ? { title: null, code: boundedValue(country, 'country') }
        : isRecord(country)
          ? { title: boundedText(strAt(country, 'title'), 'title'), code: boundedValue(strAt(country, 'code'), 'country') }
          : null,
    cityId: boundedValue(firstOf(idAt(c, 'city', 'code'), idAt(c, 'city', 'id')), 'id'),
    messages: { count: numAt(c, 'messages', 'count'), newCount: numAt(c, 'messages', 'new_count') },
    accounts: listAt(c, 'accounts')
      .filter(isRecord)
      .map((a) => ({
        id: boundedValue(idAt(a, 'id'), 'id') ?? '',
        title: boundedText(strAt(a, 'title'), 'title'),
        network: networkOf(strAt(a, 'social_network')),
        socialNetwork: boundedValue(strAt(a, 'social_network'), 'code'),
        followers: numAt(a, 'subscribers_count'),
        username: boundedText(strAt(a, 'username'), 'username'),
        avatarUrl: boundedValue(strAt(a, 'avatar_url'), 'url'),
        reportUnlocked: typeof a.is_report_unlocked === 'boolean' ? a.is_report_unlocked : null,
        reportUnlockedAt: epochMs(at(a, 'report_unlock_date')),
      })),
    networkStatus: statusAt(c, 'network_status'),
    contractStatus: statusAt(c, 'contract_status'),
    paymentStatus: statusAt(c, 'payment_status'),
    raw: c,
  };
}

export function parseCreators(json: unknown): { creators: Creator[]; nextCursor: string | null } {
  const what = 'Creator profiles';
  return guard(what, () => {
    const { raw } = checkedTree(json, what, creatorsBody);
    const cursor = at(raw, 'next_cursor');
    return {
      creators: listAt(raw, 'creators').filter(isRecord).map(creator),
      nextCursor: typeof cursor === 'string' ? (cursor === '' ? null : cursor) : typeof cursor === 'number' ? String(cursor) : null,
    };
  });
}
