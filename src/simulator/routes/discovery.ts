// Discovery search (4.11), the Twitch games catalogue (4.8), saved lists (4.12) and creator
// profiles (4.10). Validation and the account universe live in data/discovery; this file adds
// what depends on the simulator's state: discovery calls spent, and reports unlocked.
import { apiError, invalidRequest, ok, type Sim, type SimRequest, type SimResponse, type SimRoute } from '../context';
import { DAY_MS } from '../clock';
import { Rng, networkTypeIds, type Network } from '../data/random';
import { accountProfile, universeName } from '../data/profile';
import {
  listItems,
  runSearch,
  sandboxSearch,
  searchGames,
  validateCreatorsQuery,
  validateListQuery,
  validateSearch,
  type CreatorsQuery,
} from '../data/discovery';

function searchRoute(sandbox: boolean): SimRoute {
  return {
    methods: ['POST'],
    handle(req) {
      const validation = validateSearch(req.json ?? paramsAsBody(req.params));
      if (!validation.ok) return invalidRequest(validation.description);
      const { sim } = req;
      if (sandbox) return ok({ ...sandboxSearch(validation.value, sim.cdn), queries_left: sim.state.balances.discoveryRequests });
      // One discovery call per page (section 8).
      if (!sim.state.charge('discoveryRequests')) return apiError(402, 26, 'You do not have enough credits');
      return ok({ ...runSearch(validation.value, sim.cdn), queries_left: sim.state.balances.discoveryRequests });
    },
  };
}

// Fields of a form body that are numbers or booleans; everything else that is not JSON stays a
// string (a 19-digit TikTok id in `similar` must not be rounded through a float).
const numericFields = new Set(['page', 'verified']);
const booleanFields = new Set(['account_has_contacts', 'account_has_launched_advertising']);

/** A multipart or form body arrives as flat fields; fields holding JSON (objects, arrays) are decoded. */
function paramsAsBody(params: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of params) {
    if (key === 'v') continue;
    const value = raw.trim();
    try {
      if (/^[[{]/.test(value)) body[key] = JSON.parse(value);
      else if (numericFields.has(key) && /^-?\d+$/.test(value)) body[key] = Number(value);
      else if (booleanFields.has(key) && /^(true|false)$/.test(value)) body[key] = value === 'true';
      else body[key] = raw;
    } catch {
      body[key] = raw;
    }
  }
  return body;
}

const gamesRoute: SimRoute = {
  methods: ['GET'],
  handle(req) {
    const search = req.params.get('search')?.trim();
    if (!search) return invalidRequest('Invalid request: search is required');
    return ok(searchGames(search, req.sim.cdn));
  },
};

const listRoute: SimRoute = {
  methods: ['GET'],
  handle(req) {
    const validation = validateListQuery(req.params);
    if (!validation.ok) return invalidRequest(validation.description);
    const { id, limit, offset } = validation.value;
    const items = listItems(id, limit, offset, req.sim.cdn);
    if (items === null) return apiError(404, 16, 'Object not found');
    return ok(items);
  },
};

// ---- creators ----------------------------------------------------------------------------

const statuses = {
  network: ['New', 'Contacted', 'In talks', 'Partner', 'Declined'],
  contract: ['None', 'Draft', 'Sent', 'Signed', 'Expired'],
  payment: ['None', 'Invoiced', 'Paid', 'Overdue'],
} as const;

const creatorNetworks: Network[] = ['instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat'];

interface CreatorSeed {
  id: number;
  network: Network;
  name: string;
  unlockedAt: number | null;
}

/**
 * The creators of the account: one per report it has unlocked (checks in this simulator), plus
 * a fixed set unlocked over the past year so that paging and date filters have data.
 */
function creatorSeeds(sim: Sim): CreatorSeed[] {
  const now = sim.clock.now();
  const seeds: CreatorSeed[] = [];
  const rng = new Rng('creators');
  for (let i = 0; i < 240; i++) {
    const network = rng.pick(creatorNetworks);
    seeds.push({ id: 100_000 + i, network, name: universeName(network, i * 7), unlockedAt: now - rng.int(1, 364) * DAY_MS });
  }
  let next = 200_000;
  for (const check of sim.state.checks.values()) {
    if (check.outcome === 'no_videos' || check.outcome === 'no_views') continue;
    seeds.push({ id: next++, network: check.network, name: check.name, unlockedAt: check.checkedAt });
  }
  return seeds;
}

function creatorRecord(seed: CreatorSeed, sim: Sim) {
  const p = accountProfile(seed.network, seed.name);
  const rng = new Rng(`creator:${seed.network}:${seed.name}`);
  const [first, ...rest] = p.title.split(' ');
  const status = (names: readonly string[]) => {
    const id = rng.int(1, names.length);
    return { id, name: names[id - 1] };
  };
  return {
    id: seed.id,
    avatar_url: sim.cdn.avatar(seed.network, seed.name),
    is_favorite: rng.bool(0.15),
    ...(p.accountType === 'human' ? { first_name: first, last_name: rest.join(' ') || null } : {}),
    bio: p.description,
    gender: p.gender,
    language: p.language,
    emails: p.hasContacts ? [`${p.username.replace(/[^a-z0-9]/g, '')}@example.com`] : [],
    phones: p.hasContacts && rng.bool(0.3) ? [`+1555${rng.int(1000000, 9999999)}`] : [],
    country: { title: p.country, code: p.country },
    city: rng.bool(0.5) ? { code: rng.int(100000, 999999) } : null,
    messages: { count: rng.int(0, 40), new_count: rng.int(0, 3) },
    accounts: [
      {
        id: p.id,
        title: p.title,
        social_network: seed.network,
        subscribers_count: p.followers,
        username: p.username,
        avatar_url: sim.cdn.avatar(seed.network, seed.name),
        is_report_unlocked: seed.unlockedAt !== null,
        report_unlock_date: seed.unlockedAt === null ? null : isoWithOffset(seed.unlockedAt),
      },
    ],
    network_status: status(statuses.network),
    contract_status: status(statuses.contract),
    payment_status: status(statuses.payment),
  };
}

function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function matches(seed: CreatorSeed, q: CreatorsQuery): boolean {
  if (q.unlockedFrom && (seed.unlockedAt === null || seed.unlockedAt < q.unlockedFrom.getTime())) return false;
  if (q.unlockedTo && (seed.unlockedAt === null || seed.unlockedAt > q.unlockedTo.getTime())) return false;
  if (q.creatorIds && !q.creatorIds.includes(seed.id)) return false;
  if (q.creatorAccounts) {
    const p = accountProfile(seed.network, seed.name);
    const hit = q.creatorAccounts.some(
      (a) =>
        (a.social_type === seed.network || a.social_type === String(networkTypeIds[seed.network])) &&
        (a.social_id === p.id || a.social_id.toLowerCase() === p.username),
    );
    if (!hit) return false;
  }
  return true;
}

const creatorsRoute: SimRoute = {
  methods: ['GET'],
  handle(req: SimRequest): SimResponse {
    const validation = validateCreatorsQuery(req.params);
    if (!validation.ok) return invalidRequest(validation.description);
    const q = validation.value;
    const found = creatorSeeds(req.sim).filter((s) => matches(s, q));
    if (found.length === 0 && (q.creatorIds || q.creatorAccounts)) return apiError(404, 16, 'Object not found');
    const offset = q.cursor ? decodeCursor(q.cursor) : 0;
    if (offset === null) return invalidRequest('Invalid request: cursor is not one this API handed out');
    const page = found.slice(offset, offset + q.limit);
    const nextOffset = offset + page.length;
    return ok({
      creators: page.map((s) => creatorRecord(s, req.sim)),
      next_cursor: nextOffset < found.length ? Buffer.from(`o:${nextOffset}`).toString('base64url') : null,
    });
  },
};

function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^o:(\d+)$/.exec(text);
  return match ? Number(match[1]) : null;
}

export const discoveryRoutes: Record<string, SimRoute> = {
  'auditor.search': searchRoute(false),
  'auditor.searchSandbox': searchRoute(true),
  'auditor.games': gamesRoute,
  'auditor.list': listRoute,
  'auditor.creators': creatorsRoute,
};
