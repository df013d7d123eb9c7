// Validation of a discovery query (spec 4.11): validateDiscoveryQuery, and its rules, one per
// filter kind (validateFilters.ts, made of the readers in validateValues.ts). Main validates with
// it before anything is sent and caches by the normalised body.
//
// What the validator accepts, the simulator's own validator (src/simulator/data/discovery/
// validate.ts) accepts too — a property test holds them together. It is stricter where the spec
// allows: country and language codes must be real ISO codes, `similar` must look like the id the
// network uses, timestamps are seconds. Rules where the spec leaves room, as the simulator reads
// them: `null` counts as absent; growth periods are required when a bound is given; cities are
// Instagram only; `very_good` is an aqs mark and not a rate mark.
//
// Normalisation (so that two spellings of one query give one body and share cached pages):
// strings trimmed, empty filters dropped, country codes upper case, language codes and usernames
// lower case (no leading @), numeric strings read as numbers, sets (ids, codes, marks, age groups)
// deduplicated and sorted, keys in catalogue order, `twitch_games.period` defaulted to 30d.
// `page` is not part of a query: it is dropped here and added by `discoveryRequestBody` (body.ts).
import { discoveryFilter, discoveryFilters, discoveryNetworks, isDiscoveryNetwork, networkLabels, type DiscoveryFilter } from './catalogue';
import { withFilterValue, type DiscoveryBody } from './body';
import { EMPTY, fail, listText, networksText, objectOf, present, type Ctx } from './validateValues';
import { validateFilter } from './validateFilters';

export interface DiscoveryFieldError {
  /** The filter key, or key.sub (e.g. 'audience_geo.countries', 'er.from'). */
  field: string;
  message: string;
}
export type DiscoveryValidation = { ok: true; body: DiscoveryBody } | { ok: false; errors: DiscoveryFieldError[] };

/** The first message per field, as a ScoutError's `fields` carries them. */
export function discoveryFieldMessages(errors: readonly DiscoveryFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/** Top-level body keys that hold filters, and the filters under each (blogger_prices → post_price). */
const filtersByTopKey = new Map<string, DiscoveryFilter[]>();
for (const f of discoveryFilters) {
  const top = f.key.split('.')[0]!;
  filtersByTopKey.set(top, [...(filtersByTopKey.get(top) ?? []), f]);
}

/**
 * Every rule of 4.11: networks per filter, limits, incompatibilities (niche_search vs search*),
 * value ranges, list lengths. Normalises (see the top of this file). All errors are returned,
 * each at its field, in words that say what to do.
 */
export function validateDiscoveryQuery(body: unknown): DiscoveryValidation {
  const input = objectOf(body);
  if (!input) return { ok: false, errors: [{ field: 'social_network', message: 'Choose a social network to search.' }] };
  const rawNetwork = typeof input.social_network === 'string' ? input.social_network.trim().toLowerCase() : input.social_network;
  if (!isDiscoveryNetwork(rawNetwork)) {
    return { ok: false, errors: [{ field: 'social_network', message: `Choose a social network to search: ${networksText([...discoveryNetworks])}.` }] };
  }
  const ctx: Ctx = { network: rawNetwork, errors: [] };
  const values = new Map<string, unknown>();

  for (const [key, value] of Object.entries(input)) {
    if (key === 'social_network' || key === 'page') continue;
    const filters = filtersByTopKey.get(key);
    if (!filters) {
      fail(ctx, key, `“${key}” is not a discovery filter: remove it.`);
      continue;
    }
    const available = filters.filter((f) => f.networks.includes(ctx.network));
    if (available.length === 0) {
      const f = filters[0]!;
      fail(ctx, f.key, `${f.label} is not available for ${networkLabels[ctx.network]}: remove it, or search ${networksText(f.networks)}.`);
      continue;
    }
    if (filters.length === 1 && filters[0]!.key === key) {
      values.set(key, value);
      continue;
    }
    // A parent of dotted filters (blogger_prices): only its known children.
    const obj = objectOf(value);
    if (!obj) {
      fail(ctx, key, `Give ${key} as an object of ${filters.map((f) => f.key.slice(key.length + 1)).join(', ')}.`);
      continue;
    }
    for (const [sub, subValue] of Object.entries(obj)) {
      const f = filters.find((c) => c.key === `${key}.${sub}`);
      if (!f) fail(ctx, `${key}.${sub}`, `“${key}.${sub}” is not a discovery filter: remove it.`);
      else values.set(f.key, subValue);
    }
  }

  let out: DiscoveryBody = { social_network: ctx.network };
  for (const f of discoveryFilters) {
    if (!values.has(f.key)) continue;
    const value = values.get(f.key);
    if (!present(value)) continue;
    const normalised = validateFilter(ctx, f, value);
    if (normalised !== EMPTY) out = withFilterValue(out, f.key, normalised);
  }

  if (out.niche_search !== undefined) {
    const clashes = (['search', 'search_content', 'search_description'] as const).filter((k) => out[k] !== undefined);
    if (clashes.length > 0) {
      const names = clashes.map((k) => discoveryFilter(k)!.label);
      fail(ctx, 'niche_search', `Niche cannot be combined with ${listText(names)}: clear one or the other.`);
    }
  }

  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  return { ok: true, body: out };
}
