// The request body of a discovery search: reading and writing a filter's value (dotted keys are
// nested), moving a body to another network, and the pages: `page` is not part of a query, it
// is added per page by discoveryRequestBody, within validatePageRange.
import { discoveryFilters, type DiscoveryFilter, type DiscoveryNetwork } from './catalogue';
import type { DiscoveryFieldError } from './validate';

export const DISCOVERY_PAGE_SIZE = 20;
export const DISCOVERY_MAX_PAGE = 500;

/** The request body without `page`; `social_network` is always present. */
export type DiscoveryBody = { social_network: DiscoveryNetwork } & Record<string, unknown>;

// ---- reading and writing a filter's value (dotted keys are nested) ---------------------------

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of a filter in a body; `blogger_prices.post_price` reads `body.blogger_prices.post_price`. */
export function filterValue(body: Record<string, unknown>, key: string): unknown {
  let value: unknown = body;
  for (const part of key.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

/** A copy of the body with the filter set; `undefined` removes it (and an emptied parent). */
export function withFilterValue(body: DiscoveryBody, key: string, value: unknown): DiscoveryBody {
  const [head, ...rest] = key.split('.') as [string, ...string[]];
  const out: Record<string, unknown> = { ...body };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out as DiscoveryBody;
  }
  const parent = isRecord(out[head]) ? { ...(out[head] as Record<string, unknown>) } : {};
  const inner = withFilterValue({ ...parent, social_network: body.social_network }, rest.join('.'), value) as Record<string, unknown>;
  delete inner.social_network;
  if (Object.keys(inner).length === 0) delete out[head];
  else out[head] = inner;
  return out as DiscoveryBody;
}

/** The body for another network: filters the new network lacks are removed and named. */
export function switchNetwork(body: DiscoveryBody, network: DiscoveryNetwork): { body: DiscoveryBody; dropped: DiscoveryFilter[] } {
  let next: DiscoveryBody = { ...body, social_network: network };
  const dropped: DiscoveryFilter[] = [];
  for (const f of discoveryFilters) {
    const value = filterValue(next, f.key);
    if (value === undefined) continue;
    if (!f.networks.includes(network)) {
      dropped.push(f);
      next = withFilterValue(next, f.key, undefined);
      continue;
    }
    // A part only some networks take (cities on Instagram) goes too.
    for (const [part, nets] of Object.entries(f.partNetworks ?? {})) {
      if (!nets.includes(network) && isRecord(value) && value[part] !== undefined) {
        const rest = { ...value };
        delete rest[part];
        next = withFilterValue(next, f.key, rest);
        dropped.push({ ...f, key: `${f.key}.${part}` });
      }
    }
  }
  return { body: next, dropped };
}

/** Page range rule: 1 ≤ from ≤ to ≤ 500; message at field 'page'. */
export function validatePageRange(from: number, to: number): DiscoveryFieldError | null {
  if (!Number.isInteger(from) || !Number.isInteger(to)) return { field: 'page', message: 'Enter whole page numbers.' };
  if (from < 1 || to < 1) return { field: 'page', message: 'Pages start at 1.' };
  if (from > DISCOVERY_MAX_PAGE || to > DISCOVERY_MAX_PAGE) {
    return { field: 'page', message: `Choose pages up to ${DISCOVERY_MAX_PAGE}: the API returns at most ${DISCOVERY_MAX_PAGE * DISCOVERY_PAGE_SIZE} results.` };
  }
  if (from > to) return { field: 'page', message: 'Make the first page no later than the last, or swap them.' };
  return null;
}

/** The exact JSON sent for one page (body + page), for the request preview and for main. */
export function discoveryRequestBody(body: DiscoveryBody, page: number): Record<string, unknown> {
  return { ...body, page };
}
