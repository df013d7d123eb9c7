// The discovery validator's rules, one per filter kind of the catalogue (spec 4.11): each reads
// its filter's value, pushes each problem at its field, and gives the value normalised, or EMPTY
// when it filters nothing. validate.ts applies them to a whole body.
import {
  ageGroups,
  gamePeriods,
  growthPeriods,
  MAX_TWITCH_GAMES,
  MAX_USERNAME_EXCLUDE,
  races,
  rateMarks,
  sortFields,
  sortOrders,
  type DiscoveryFilter,
} from './catalogue';
import { type Ctx, EMPTY, type Out, fail, listText, present, objectOf, onlyKeys, type NumberRule, checkNumber, checkShare, readId, nonEmpty, arrayOf, idList, normaliseUsername, usernameList, codeList, readCode, codeMessage, oneOf } from './validateValues';

/** A `{from, to}` range (or `{from}`); EMPTY when both bounds are absent or after an error. */
function range(ctx: Ctx, f: DiscoveryFilter, value: unknown, rule: NumberRule & { fromOnly?: boolean }): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a range with from${rule.fromOnly ? '' : ' and to'}.`);
  const parts = rule.fromOnly ? ['from'] : ['from', 'to'];
  if (!onlyKeys(ctx, f.key, obj, parts, f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, rule);
  const to = rule.fromOnly ? undefined : checkNumber(ctx, `${f.key}.to`, obj.to, rule);
  if (from === EMPTY || to === EMPTY) return EMPTY;
  if (from !== undefined && to !== undefined && from > to) return fail(ctx, f.key, `Make “from” no greater than “to”, or swap them.`);
  if (from === undefined && to === undefined) return EMPTY;
  const out: Record<string, number> = {};
  if (from !== undefined) out.from = from;
  if (to !== undefined) out.to = to;
  return out;
}

function keywords(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const items = arrayOf(ctx, f.key, value, 'keywords');
  if (items === EMPTY) return EMPTY;
  const words: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return fail(ctx, f.key, 'Enter keywords as text, one per item.');
    const w = item.trim().replace(/\s+/g, ' ');
    if (w !== '' && !words.includes(w)) words.push(w);
  }
  return words.length === 0 ? EMPTY : words;
}

function text(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (f.key === 'similar') return similar(ctx, f, value);
  if (typeof value !== 'string') return fail(ctx, f.key, `Enter ${f.label} as text.`);
  const t = value.trim().replace(/\s+/g, ' ');
  return t === '' ? EMPTY : t;
}

function similar(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  // A 19-digit TikTok id does not survive a float: it must come as text.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return fail(ctx, f.key, 'Enter the account id as text: this number is too long to keep exactly.');
  if (typeof value !== 'string' && !(typeof value === 'number' && value >= 0)) return fail(ctx, f.key, 'Enter a username or an account id.');
  const t = String(value).trim();
  if (t === '') return EMPTY;
  if (ctx.network === 'instagram') {
    const name = normaliseUsername(t);
    if (!/^[a-z0-9._]{1,30}$/.test(name)) return fail(ctx, f.key, 'Enter an Instagram username: letters, digits, dots and underscores, e.g. nasa.');
    return name;
  }
  if (ctx.network === 'youtube') {
    if (!/^UC[A-Za-z0-9_-]{22}$/.test(t)) return fail(ctx, f.key, 'Enter the YouTube channel id: UC followed by 22 letters, digits, - or _.');
    return t;
  }
  if (!/^\d{1,25}$/.test(t)) return fail(ctx, f.key, 'Enter the TikTok account id (digits only), not the username.');
  return t;
}

function includeExclude(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as include and exclude lists.`);
  if (!onlyKeys(ctx, f.key, obj, ['include', 'exclude'], f.label)) return EMPTY;
  const what = f.items === 'usernames' ? 'usernames' : 'ids';
  const read = (part: 'include' | 'exclude') =>
    obj[part] === undefined ? [] : f.items === 'usernames' ? usernameList(ctx, `${f.key}.${part}`, obj[part], what) : idList(ctx, `${f.key}.${part}`, obj[part], what);
  const include = read('include');
  const exclude = read('exclude');
  if (include === EMPTY || exclude === EMPTY) return EMPTY;
  const both = (include as (string | number)[]).filter((v) => (exclude as (string | number)[]).includes(v));
  if (both.length > 0) return fail(ctx, `${f.key}.exclude`, `${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} both included and excluded: remove ${both.length === 1 ? 'it' : 'them'} from one list.`);
  return nonEmpty({ include, exclude });
}

function usernames(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const names = usernameList(ctx, f.key, value, 'usernames');
  if (names === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_USERNAME_EXCLUDE;
  if (names.length > max) return fail(ctx, f.key, `Keep at most ${max} usernames (there are ${names.length}).`);
  return names.length === 0 ? EMPTY : names;
}

function choice(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const values = (f.choices ?? []).map((c) => c.value);
  if (f.multiple) {
    const items = arrayOf(ctx, f.key, value, f.label);
    if (items === EMPTY) return EMPTY;
    const picked = new Set<string>();
    for (const item of items) {
      const v = oneOf(ctx, f.key, item, values, f.label.toLowerCase());
      if (v === EMPTY) return EMPTY;
      if (v !== undefined) picked.add(v);
    }
    const out = values.filter((v) => picked.has(v));
    return out.length === 0 ? EMPTY : out;
  }
  const v = oneOf(ctx, f.key, value, values, f.label.toLowerCase());
  return v === undefined ? EMPTY : v;
}

function boolean(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === '') return EMPTY;
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return fail(ctx, f.key, `Choose yes or no for ${f.label}, or leave it out.`);
}

function verified(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  if (value === 1 || value === true || value === '1') return 1;
  if (value === 0 || value === false || value === '0') return 0;
  if (value === '') return EMPTY;
  return fail(ctx, f.key, 'Choose 1 for verified accounts only or 0 for non-verified only, or leave it out.');
}

function accountGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as country codes${ctx.network === 'instagram' ? ' and city ids' : ''}.`);
  if (!onlyKeys(ctx, f.key, obj, ['country', 'city'], f.label)) return EMPTY;
  const country = obj.country === undefined ? [] : codeList(ctx, `${f.key}.country`, obj.country, 'country');
  let city: number[] | typeof EMPTY = [];
  if (obj.city !== undefined) {
    city = idList(ctx, `${f.key}.city`, obj.city, 'city ids');
    if (city !== EMPTY && city.length > 0 && ctx.network !== 'instagram') city = fail(ctx, `${f.key}.city`, 'Cities are for Instagram only: remove them, or search by country.');
  }
  if (country === EMPTY || city === EMPTY) return EMPTY;
  return nonEmpty({ country, city });
}

function languages(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'language');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

function countries(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const codes = codeList(ctx, f.key, value, 'country');
  if (codes === EMPTY) return EMPTY;
  return codes.length === 0 ? EMPTY : codes;
}

/** Items `{<idKey>, prc}` with unique ids, sorted by id; EMPTY when none. */
function shares<T extends string | number>(
  ctx: Ctx,
  field: string,
  value: unknown,
  opts: { idKey: string; what: string; readId: (raw: unknown) => T | null | ''; badId: (raw: unknown) => string; integer: boolean; order: (a: T, b: T) => number },
): { id: T; prc: number }[] | typeof EMPTY {
  const items = arrayOf(ctx, field, value, opts.what);
  if (items === EMPTY) return EMPTY;
  const out: { id: T; prc: number }[] = [];
  let bad = false;
  for (const raw of items) {
    const item = objectOf(raw);
    if (!item) return fail(ctx, field, `Give each of ${opts.what} with its share.`);
    if (!onlyKeys(ctx, field, item, [opts.idKey, 'prc'], opts.what)) return EMPTY;
    const id = opts.readId(item[opts.idKey]);
    if (id === '' && (!present(item.prc) || item.prc === '')) continue; // a row added but not filled in
    if (id === '' || id === null) {
      fail(ctx, field, opts.badId(item[opts.idKey]));
      bad = true;
      continue;
    }
    if (out.some((o) => o.id === id)) {
      fail(ctx, field, `${String(id)} is listed twice: keep one.`);
      bad = true;
      continue;
    }
    const prc = checkShare(ctx, field, item.prc, opts.integer, String(id));
    if (prc === EMPTY) {
      bad = true;
      continue;
    }
    out.push({ id, prc });
  }
  if (bad) return EMPTY;
  return out.sort((a, b) => opts.order(a.id, b.id));
}

const byNumber = (a: number, b: number) => a - b;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function idOrBlank(raw: unknown): number | null | '' {
  if (!present(raw) || (typeof raw === 'string' && raw.trim() === '')) return '';
  return readId(raw);
}

function audienceGeo(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as countries${ctx.network === 'instagram' ? ' and cities' : ''} with shares.`);
  if (!onlyKeys(ctx, f.key, obj, ['countries', 'cities'], f.label)) return EMPTY;
  const countriesOut =
    obj.countries === undefined
      ? []
      : shares(ctx, `${f.key}.countries`, obj.countries, {
          idKey: 'id',
          what: 'countries',
          readId: (raw) => (!present(raw) || (typeof raw === 'string' && raw.trim() === '') ? '' : readCode(raw, 'country')),
          badId: (raw) => codeMessage(raw ?? '', 'country'),
          integer: false,
          order: byString,
        });
  let citiesOut: { id: number; prc: number }[] | typeof EMPTY = [];
  if (obj.cities !== undefined) {
    citiesOut = shares(ctx, `${f.key}.cities`, obj.cities, {
      idKey: 'id',
      what: 'cities',
      readId: idOrBlank,
      badId: (raw) => `“${String(raw ?? '')}” is not a city id: enter the city's geographic id, a whole number.`,
      integer: false,
      order: byNumber,
    });
    if (citiesOut !== EMPTY && citiesOut.length > 0 && ctx.network !== 'instagram') citiesOut = fail(ctx, `${f.key}.cities`, 'Audience cities are for Instagram only: remove them, or use countries.');
  }
  if (countriesOut === EMPTY || citiesOut === EMPTY) return EMPTY;
  return nonEmpty({ countries: countriesOut, cities: citiesOut });
}

/** Report spellings (13-17, 65+) read as the search's (13_17, 65). */
function ageKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace('-', '_').replace(/\+$/, '').replace(/^age/, '');
  return (ageGroups as readonly string[]).includes(t) ? t : null;
}

function audienceAge(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as age groups with a share.`);
  if (!onlyKeys(ctx, f.key, obj, ['groups', 'prc'], f.label)) return EMPTY;
  const items = obj.groups === undefined ? [] : arrayOf(ctx, `${f.key}.groups`, obj.groups, 'age groups');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const key = ageKey(item);
    if (key === null) return fail(ctx, `${f.key}.groups`, `“${String(item)}” is not an age group: choose among ${ageGroups.join(', ')}.`);
    picked.add(key);
  }
  const groups = ageGroups.filter((g) => picked.has(g));
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (groups.length === 0 && !prcGiven) return EMPTY;
  if (groups.length === 0) return fail(ctx, `${f.key}.groups`, 'Pick at least one age group for this share.');
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, 'these age groups');
  if (prc === EMPTY) return EMPTY;
  return { groups, prc };
}

/** `{<part>: choice, prc}` filters: audience_gender (gender), income (id). */
function choiceShare(ctx: Ctx, f: DiscoveryFilter, value: unknown, part: string, what: string): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as ${what} with a share.`);
  if (!onlyKeys(ctx, f.key, obj, [part, 'prc'], f.label)) return EMPTY;
  const values = (f.choices ?? []).map((c) => c.value);
  const picked = oneOf(ctx, `${f.key}.${part}`, obj[part], values, what);
  if (picked === EMPTY) return EMPTY;
  const prcGiven = present(obj.prc) && obj.prc !== '';
  if (picked === undefined && !prcGiven) return EMPTY;
  if (picked === undefined) return fail(ctx, `${f.key}.${part}`, `Choose ${what}: ${listText(values)}.`);
  const prc = checkShare(ctx, `${f.key}.prc`, obj.prc, false, picked);
  if (prc === EMPTY) return EMPTY;
  return { [part]: picked, prc };
}

function ethnicity(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'race',
    what: 'ethnicities',
    readId: (raw) => (!present(raw) || raw === '' ? '' : typeof raw === 'string' && (races as readonly string[]).includes(raw.trim().toLowerCase()) ? raw.trim().toLowerCase() : null),
    badId: (raw) => `“${String(raw ?? '')}” is not an ethnicity: choose among ${races.join(', ')}.`,
    integer: true,
    order: (a, b) => races.indexOf(a as (typeof races)[number]) - races.indexOf(b as (typeof races)[number]),
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list.map((i) => ({ race: i.id, prc: i.prc }));
}

function idShares(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const list = shares(ctx, f.key, value, {
    idKey: 'id',
    what: 'interests',
    readId: idOrBlank,
    badId: (raw) => `“${String(raw ?? '')}” is not an interest id: enter a whole number of 1 or more.`,
    integer: true,
    order: byNumber,
  });
  if (list === EMPTY || list.length === 0) return EMPTY;
  return list;
}

function marks(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a list of marks.`);
  if (!onlyKeys(ctx, f.key, obj, ['marks'], f.label)) return EMPTY;
  if (obj.marks === undefined) return EMPTY;
  const items = arrayOf(ctx, `${f.key}.marks`, obj.marks, 'marks');
  if (items === EMPTY) return EMPTY;
  const picked = new Set<string>();
  for (const item of items) {
    const m = typeof item === 'string' ? item.trim().toLowerCase() : item;
    if (m === 'very_good') return fail(ctx, `${f.key}.marks`, `“very_good” is a mark of audience quality (aqs) only: choose ${listText(rateMarks)}.`);
    if (typeof m !== 'string' || !(rateMarks as readonly string[]).includes(m)) return fail(ctx, `${f.key}.marks`, `“${String(item)}” is not a mark: choose ${listText(rateMarks)}.`);
    picked.add(m);
  }
  const out = rateMarks.filter((m) => picked.has(m));
  return out.length === 0 ? EMPTY : { marks: out };
}

function growth(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a period with from and to.`);
  if (!onlyKeys(ctx, f.key, obj, ['period', 'from', 'to'], f.label)) return EMPTY;
  const periods = f.periods ?? growthPeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const bounds = range(ctx, f, { from: obj.from, to: obj.to }, { min: f.min, max: f.max, integer: f.integer, unit: f.unit });
  if (period === EMPTY || bounds === EMPTY) return EMPTY;
  if (period === undefined) return fail(ctx, `${f.key}.period`, `Choose the period of ${f.label}: ${listText(periods)}.`);
  return { period, ...(bounds as Record<string, number>) };
}

function games(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Pick games from the list.');
  if (!onlyKeys(ctx, f.key, obj, ['period', 'games'], f.label)) return EMPTY;
  const periods = f.periods ?? gamePeriods;
  const period = oneOf(ctx, `${f.key}.period`, obj.period, periods, 'a period');
  const ids = obj.games === undefined ? [] : idList(ctx, `${f.key}.games`, obj.games, 'game ids');
  if (period === EMPTY || ids === EMPTY) return EMPTY;
  const max = f.maxItems ?? MAX_TWITCH_GAMES;
  if (ids.length > max) return fail(ctx, `${f.key}.games`, `Pick at most ${max} games (there are ${ids.length}): remove ${ids.length - max}.`);
  if (ids.length === 0) return EMPTY;
  return { period: period ?? f.defaultPeriod ?? '30d', games: ids };
}

function since(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, `Give ${f.label} as a date (from).`);
  if (!onlyKeys(ctx, f.key, obj, ['from'], f.label)) return EMPTY;
  const from = checkNumber(ctx, `${f.key}.from`, obj.from, { min: 0, integer: true });
  if (from === EMPTY || from === undefined) return EMPTY;
  // Milliseconds are a common slip; 10^11 s is the year 5138.
  if (from >= 1e11) return fail(ctx, `${f.key}.from`, 'Enter the time in seconds since 1970, not milliseconds.');
  return { from };
}

function sort(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  const obj = objectOf(value);
  if (!obj) return fail(ctx, f.key, 'Choose a field and an order to sort by.');
  if (!onlyKeys(ctx, f.key, obj, ['field', 'order'], f.label)) return EMPTY;
  const field = oneOf(ctx, `${f.key}.field`, obj.field, sortFields, 'a field to sort by');
  const order = oneOf(ctx, `${f.key}.order`, obj.order, sortOrders, 'an order');
  if (field === EMPTY || order === EMPTY) return EMPTY;
  if (field === undefined && order === undefined) return EMPTY;
  const out: Record<string, string> = { field: field ?? 'engagement_avg' };
  if (order !== undefined) out.order = order;
  return out;
}

export function validateFilter(ctx: Ctx, f: DiscoveryFilter, value: unknown): Out {
  switch (f.kind) {
    case 'keywords':
      return keywords(ctx, f, value);
    case 'text':
      return text(ctx, f, value);
    case 'includeExclude':
      return includeExclude(ctx, f, value);
    case 'range':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: f.integer, unit: f.unit, fromOnly: f.fromOnly });
    case 'ageRange':
      return range(ctx, f, value, { min: f.min, max: f.max, integer: true, unit: f.unit });
    case 'countries':
      return countries(ctx, f, value);
    case 'languages':
      return languages(ctx, f, value);
    case 'choice':
      return choice(ctx, f, value);
    case 'boolean':
      return boolean(ctx, f, value);
    case 'verified':
      return verified(ctx, f, value);
    case 'accountGeo':
      return accountGeo(ctx, f, value);
    case 'audienceGeo':
      return audienceGeo(ctx, f, value);
    case 'audienceAge':
      return audienceAge(ctx, f, value);
    case 'audienceGender':
      return choiceShare(ctx, f, value, 'gender', 'a gender');
    case 'income':
      return choiceShare(ctx, f, value, 'id', 'an income level');
    case 'ethnicity':
      return ethnicity(ctx, f, value);
    case 'idShares':
      return idShares(ctx, f, value);
    case 'marks':
      return marks(ctx, f, value);
    case 'growth':
      return growth(ctx, f, value);
    case 'games':
      return games(ctx, f, value);
    case 'since':
      return since(ctx, f, value);
    case 'sort':
      return sort(ctx, f, value);
    case 'usernames':
      return usernames(ctx, f, value);
  }
}
