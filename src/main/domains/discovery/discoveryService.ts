// Discovery (spec 4.11): saved queries, what running pages would cost, running them, and the
// cached results. A production page costs one discovery call, so every page is kept under the
// normalised query (two spellings of one query share pages) and is never asked for again: a
// re-run of cached pages spends nothing. Production pages go through the balance gate one at a
// time (each booked by what moved); sandbox pages are free sample data, kept apart, and never
// answer a production view. Results are read from the cache only, so they work offline.
import { ScoutError } from '@shared/errors';
import { parseAccountRef } from '@shared/accountInput';
import type { Network } from '@shared/reports';
import { DISCOVERY_MAX_PAGE, discoveryRequestBody, type DiscoveryBody } from '@shared/discovery';
import type {
  DiscoveryProgress,
  DiscoveryQuote,
  DiscoveryResults,
  DiscoveryRow,
  DiscoveryRunResult,
  SavedDiscoveryQuery,
  ShortlistItem,
} from '@shared/discoveryData';
import { parseSearch, type SearchPage } from '../../platform/api/schemas/discovery';
import { DiscoveryRepository } from './discoveryRepository';
import type { DiscoveryWorkspaceRepository } from './discoveryWorkspaceRepository';
import type { JsonObject } from '../../platform/cache/repositories';
import { saving } from '../../platform/cache/storageFaults';
import type { PaidWork } from '../../kernel/paidWork';
import { balancesOf } from '../../kernel/paidCall';
import type { ConnectionTracker } from '../../kernel/connection';
import type { CreditLedger } from '../../kernel/creditLedger';
import { jobKeys, type JobRegistry } from '../../kernel/jobs';
import { eventError } from '../../platform/errorWording';
import { TeamError, teamRefusals } from '../../kernel/teamErrors';
import { teamItemParts, type RecordBody, type TeammateCopy } from '../../team/records';
import type { TeamRecordCodec, TeamRecordIn, TeamRecordOut } from '../../team/codecs';
import type { SharedKind } from '../../team/sharedWork';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';
import { discoveryTeamItem, MAX_TEAM_PAGE_BYTES, type TeamPage } from './discoveryTeam';
import { pageRange, validBody } from './discoveryQueryChecks';
import { rec, rowOf } from './discoveryRows';

export interface DiscoveryDeps {
  paid: PaidWork;
  jobs: JobRegistry;
  /** Says whether a failed run's last page has a cost not known yet (its answer lost, the balance unread). */
  ledger: CreditLedger;
  pages: DiscoveryRepository;
  store: DiscoveryWorkspaceRepository;
  /** Whether the API is worth asking for the calls left (not offline, not unreachable). */
  connection: ConnectionTracker;
  /**
   * Called with each saved answer so its pictures are stored for offline use. Not awaited: a
   * picture never holds up the next page.
   */
  onSaved?: (result: unknown) => Promise<unknown>;
  /** The calls left at the plan's last answer (the credit meter's), said offline with its age. */
  lastKnownCalls?: () => { left: number; at: number } | null;
  now?: () => number;
  /**
   * A Team workspace's shared work: told after each change of saved queries, runs or the
   * shortlist, it queues what changed (`seen`: the row edited and the version its editor showed).
   */
  onEdit?: OnSharedEdit;
  /** A Team workspace's shared work: the version of a saved query as this laptop has it. */
  teamVersion?: TeamVersionOf;
  /** A Team workspace: each production page bought and saved here is handed over to be shared (not one taken from a teammate). */
  share?: (out: TeamRecordOut) => void;
}

/** A saved query (what `edited` hands back with its version in the team). */
const isSavedQuery = (value: unknown): value is SavedDiscoveryQuery => typeof value === 'object' && value !== null && 'id' in value && 'body' in value && 'runs' in value;
/**
 * How a run's spending was confirmed: in this workspace (nothing is sent once another is active),
 * and, in a Team workspace, to buy although the team database cannot be asked.
 */
interface Spending {
  confirmedHere: boolean;
  teamUnreachableConfirmed: boolean;
}

export interface RunRequest {
  runId: string;
  queryId?: number;
  body: unknown;
  sandbox: boolean;
  fromPage: number;
  toPage: number;
  confirmedCalls: number;
}
export class DiscoveryService {
  private readonly now: () => number;
  /**
   * Production and sandbox pages being fetched, by cache key and page: a second run wanting the
   * same page (two windows, a double click, another spelling of the query) waits for it and
   * reads it from the cache, rather than paying for it twice.
   */
  private readonly fetching = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: DiscoveryDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Twitch games for the picker (free, not cached: asked as the researcher types). */
  async games(search: string) {
    const games = await this.deps.paid.read((api) => api.games(search));
    return games.filter((g) => g.id > 0);
  }

  // ---- saved queries ----------------------------------------------------------------------

  queries(): SavedDiscoveryQuery[] {
    return this.deps.store.queries().map((q) => this.withTeam(q));
  }

  /** A query with its version in the team (a Team workspace, once shared): what its editor starts from. */
  private withTeam(query: SavedDiscoveryQuery): SavedDiscoveryQuery {
    return stamped(query, 'discovery_query', query.id, this.deps.teamVersion);
  }

  /** `seen`: the query's version when its editor opened it, the edit's base in a Team workspace. */
  saveQuery(input: { id?: number; name: string; body: unknown; seen?: { version: number } }): SavedDiscoveryQuery {
    const body = validBody(input.body);
    const saved = saving(() => this.deps.store.saveQuery({ id: input.id, name: input.name, body }, this.now()));
    return this.edited('discovery_query', saved ?? notFound(), input.seen);
  }

  duplicateQuery(id: number): SavedDiscoveryQuery {
    const original = this.deps.store.query(id) ?? notFound();
    const name = `${original.name} (copy)`.slice(0, 120);
    return this.edited('discovery_query', saving(() => this.deps.store.saveQuery({ name, body: original.body }, this.now()))!);
  }

  renameQuery(id: number, name: string, seen?: { version: number }): SavedDiscoveryQuery {
    return this.edited('discovery_query', saving(() => this.deps.store.renameQuery(id, name, this.now())) ?? notFound(), seen);
  }

  /** The query and its history go; its cached pages stay (they were paid for). */
  deleteQuery(id: number): boolean {
    return this.edited('discovery_query', this.deps.store.deleteQuery(id));
  }

  /**
   * Tells shared work (when there is any) that something of `kind` changed, with the version its
   * editor had seen when it is a saved query; returns `value` (a saved query with its new version).
   */
  private edited<T>(kind: SharedKind, value: T, seen?: { version: number }): T {
    this.deps.onEdit?.(kind, seenEdit(isSavedQuery(value) ? value.id : undefined, seen));
    return isSavedQuery(value) ? (this.withTeam(value) as T) : value;
  }

  // ---- cost ---------------------------------------------------------------------------------

  /**
   * Which pages of the range are cached and which would be sent, and which of those were paid
   * for before without their answer reaching the cache: no network at all.
   */
  private plan(body: DiscoveryBody, sandbox: boolean, fromPage: number, toPage: number): Omit<DiscoveryQuote, 'queriesLeft'> {
    pageRange(fromPage, toPage);
    const info = this.deps.pages.query(body, { sandbox });
    const cached = new Set(info?.pages ?? []);
    const totalPages = info?.totalPages ?? null;
    const cachedPages: number[] = [];
    const pagesToFetch: number[] = [];
    for (let page = fromPage; page <= Math.min(toPage, DISCOVERY_MAX_PAGE); page++) {
      if (cached.has(page)) cachedPages.push(page);
      // Past the last page the API has there is nothing to send.
      else if (totalPages === null || page <= totalPages) pagesToFetch.push(page);
    }
    const paidNotHere: DiscoveryQuote['paidNotHere'] = [];
    if (!sandbox) {
      const wanted = new Set(pagesToFetch);
      for (const paid of this.deps.ledger.paidItems('discovery', ledgerKey(DiscoveryRepository.queryHash(body, false)))) {
        const page = pageOfItem(paid.item);
        if (page !== null && wanted.has(page)) {
          wanted.delete(page);
          paidNotHere.push({ page, paidAt: paid.at });
        }
      }
    }
    return { sandbox, fromPage, toPage, cachedPages, pagesToFetch, calls: sandbox ? 0 : pagesToFetch.length, totalPages, paidNotHere };
  }

  /** What running these pages would spend now; free (planInfo is read for the calls left when online). */
  async quote(input: { body: unknown; sandbox: boolean; fromPage: number; toPage: number }): Promise<DiscoveryQuote> {
    const plan = this.plan(validBody(input.body), input.sandbox, input.fromPage, input.toPage);
    return { ...plan, ...(await this.queriesLeft()) };
  }

  /** The calls left now; offline (or when the API does not answer), the last known figure with its time. */
  private async queriesLeft(): Promise<{ queriesLeft: number | null; queriesLeftAsOf: number | null }> {
    const mode = this.deps.connection.get();
    if (!mode.manualOffline && mode.mode !== 'unreachable') {
      try {
        const left = balancesOf(await this.deps.paid.read((api) => api.planInfo({ timeoutMs: 10_000 }))).discoveryRequests;
        if (left !== null) return { queriesLeft: left, queriesLeftAsOf: null };
      } catch {
        // Said below from the last answer, with its age.
      }
    }
    const known = this.deps.lastKnownCalls?.() ?? null;
    return known ? { queriesLeft: known.left, queriesLeftAsOf: known.at } : { queriesLeft: null, queriesLeftAsOf: null };
  }

  // ---- runs ---------------------------------------------------------------------------------

  /**
   * Fetches the range's pages that are not cached, in order, each kept as it arrives. Refuses
   * (COST_CHANGED, nothing sent) when the calls needed now are not those confirmed. A failure
   * or a cancel ends the run and keeps what came; the answer says how it ended.
   */
  run(request: RunRequest, confirmedHere = false, options: { teamUnreachableConfirmed?: boolean } = {}): Promise<DiscoveryRunResult> {
    const body = validBody(request.body);
    const { runId, sandbox, fromPage, toPage } = request;
    const plan = this.plan(body, sandbox, fromPage, toPage);
    this.deps.paid.assertConfirmed(`Running pages ${fromPage}–${toPage}`, plan.calls, request.confirmedCalls, 'discoveryRequests');
    if (this.deps.jobs.has('discovery', jobKeys.discovery(runId))) throw new ScoutError({ code: 'INVALID_INPUT', message: `A run called ${runId} is already under way.` });
    if (plan.pagesToFetch.length > 0) this.deps.paid.assertMayCall();
    const describe = `a ${sandbox ? 'sandbox ' : ''}discovery run (pages ${fromPage}–${toPage})`;
    return this.deps.jobs.run('discovery', jobKeys.discovery(runId), describe, (signal) => this.runPages(request, body, plan, signal, { confirmedHere, teamUnreachableConfirmed: options.teamUnreachableConfirmed === true }));
  }

  private async runPages(request: RunRequest, body: DiscoveryBody, plan: Omit<DiscoveryQuote, 'queriesLeft'>, signal: AbortSignal, spending: Spending): Promise<DiscoveryRunResult> {
    const { runId, sandbox, fromPage, toPage } = request;
    const at = this.now();
    const hash = DiscoveryRepository.queryHash(body, sandbox);
    let totalPages = plan.totalPages;
    let queriesLeft: number | null = null;
    let pagesFetched = 0;
    let pagesFromCache = 0;
    let callsSpent = 0;
    let outcome: DiscoveryRunResult['outcome'] = 'finished';
    let errorCode: string | undefined;
    let message: string | null = null;
    const total = () => Math.max(0, Math.min(toPage, totalPages ?? toPage) - fromPage + 1);
    const progress = (page: number | null, phase: DiscoveryProgress['phase'] = 'fetching') =>
      this.deps.jobs.emit('discovery:changed', { runId, done: pagesFetched + pagesFromCache, total: total(), page, phase });
    try {
      progress(null);
      for (let page = fromPage; page <= toPage; page++) {
        if (totalPages !== null && page > totalPages) break;
        if (signal.aborted) {
          outcome = 'cancelled';
          break;
        }
        const slot = `${hash}:${page}`;
        let cached = this.deps.pages.page(hash, page);
        while (!cached && this.fetching.has(slot)) {
          await this.fetching.get(slot);
          cached = this.deps.pages.page(hash, page);
        }
        if (cached) {
          pagesFromCache++;
          totalPages ??= cached.totalPages;
          progress(page);
          continue;
        }
        // The page in flight is not cancelled: it may be paid for, so it is finished and kept.
        const sent = discoveryRequestBody(body, page);
        const fetched = (async () => {
          if (!sandbox) return this.paidPage(body, hash, page, spending, () => callsSpent++);
          const got = { answer: await this.sandboxPage(sent), charged: false };
          saving(() => this.deps.pages.savePage(sent, pageJson(got.answer), this.now(), { sandbox }));
          return got;
        })();
        this.fetching.set(slot, fetched.catch(() => undefined));
        let got: Awaited<typeof fetched>;
        try {
          got = await fetched;
        } finally {
          this.fetching.delete(slot);
        }
        const { answer } = got;
        void this.deps.onSaved?.(pageJson(answer)).catch(() => undefined);
        pagesFetched++;
        totalPages = answer.totalPages;
        queriesLeft = answer.queriesLeft ?? queriesLeft;
        progress(page);
        if (answer.results.length === 0) break;
      }
    } catch (error) {
      outcome = signal.aborted ? 'cancelled' : 'failed';
      const failure = eventError(error);
      message = failure.message;
      if (outcome === 'failed') errorCode = failure.code;
    }
    // What this run spent is counted as it goes (a page lost after it was paid included), not
    // read from the query's ledger rows: another run of the same query books there meanwhile.
    if (!sandbox && outcome === 'failed' && this.deps.ledger.spentOn(body.social_network, ledgerKey(hash), at).unresolved) {
      message = `${message ?? ''} Whether the last page sent was charged is not known yet; the spending ledger will say once the API answers.`.trim();
    }
    if (outcome === 'cancelled' && message === null) message = `Stopped. The ${pagesFetched + pagesFromCache} pages so far are kept.`;
    progress(null, 'finished');
    // Refused by the team before any page was bought (the quote said so first): nothing to remember.
    const neverBought = outcome === 'failed' && errorCode !== undefined && teamRefusals.has(errorCode) && pagesFetched === 0 && callsSpent === 0;
    if (request.queryId !== undefined && !neverBought) {
      if (this.deps.store.addRun(request.queryId, { at, sandbox, fromPage, toPage, pagesFetched, pagesFromCache, callsSpent, outcome, message })) this.edited('discovery_query', null);
    }
    return { runId, pagesFetched, pagesFromCache, callsSpent, outcome, message, totalPages, queriesLeft, ...(errorCode ? { errorCode } : {}) };
  }

  cancel(runId: string): boolean {
    return this.deps.jobs.cancel('discovery', jobKeys.discovery(runId));
  }

  private sandboxPage(sent: Record<string, unknown>): Promise<SearchPage> {
    return this.deps.paid.read((api) => api.searchSandbox(sent));
  }

  /**
   * One production page through the paid-work kernel: the ledger books what moved (one discovery
   * call) under the query's key and the page, and the page is saved. A lost answer is never asked
   * for again: that would pay for the page twice; the kernel says it was lost (PAID_ANSWER_LOST)
   * and the quote says so after. In a Team workspace the page is claimed first: a teammate's copy
   * is saved instead (nothing sent), a page bought here is shared. `counted` is called for each
   * call paid for (before its page is kept: a disk that refuses the page does not undo the charge).
   */
  private async paidPage(body: DiscoveryBody, hash: string, page: number, spending: Spending, counted: () => void) {
    const network = body.social_network;
    const sent = discoveryRequestBody(body, page);
    const describe = `page ${page} of this search`;
    const item = discoveryTeamItem(network, hash, page);
    let saved = false;
    const finish = async (answer: SearchPage, charged: boolean) => {
      if (charged) counted();
      const fetchedAt = this.now();
      this.deps.paid.save(describe, charged, () => this.deps.pages.savePage(sent, pageJson(answer), fetchedAt));
      saved = true;
      const out: TeamRecordOut<RecordBody> = { item, fetchedAt: new Date(fetchedAt), body: { json: { query: withoutPage(sent), page, answer: pageJson(answer) } satisfies TeamPage } };
      this.deps.share?.(out);
      return { value: answer, fetchedAt: out.fetchedAt, body: out.body };
    };
    const takeCopy = async (json: unknown, copy: TeammateCopy) => {
      // One that cannot be read (TEAM_BAD_DATA) is no copy: the kernel buys instead.
      const kept = this.keepTeammatePage({ item, fetchedAt: copy.fetchedAt, body: { json } });
      saved = true;
      return kept.answer;
    };
    try {
      const { value, charged } = await this.deps.paid.spend({
        // The ledger's account column names the query (its cache key), so spending reads per query.
        what: { operation: 'discovery', network, accountKey: ledgerKey(hash), item: pageItem(page) },
        quote: { cost: 1, balance: 'discoveryRequests' },
        maxCost: 1,
        describe,
        ...spending,
        // Pages are kept for good and never asked for again here: a teammate's counts at any age.
        team: { item, withinDays: null, takeCopy, finish },
        send: (api) => api.search(sent, { paid: true }),
      });
      if (!saved) await finish(value, charged);
      return { answer: value, charged };
    } catch (error) {
      if (error instanceof ScoutError && error.code === 'PAID_ANSWER_LOST') counted();
      throw error;
    }
  }

  /**
   * Saves a teammate's page (a copy taken instead of buying, or a record pulled by the sync
   * engine), read as hostile input: a query that passes every rule a run's does and is the one its
   * item names, the page it names, an answer that reads as a search page, within a page's size.
   * A page held as new or newer changes nothing.
   */
  keepTeammatePage(record: Pick<TeamRecordIn, 'item' | 'fetchedAt' | 'body'>, options: { pictures?: boolean } = {}): { outcome: 'saved' | 'already-held'; answer: SearchPage } {
    const bad = (why: string) => new TeamError('TEAM_BAD_DATA', `A teammate's discovery page ${why}.`);
    const parts = record.item.kind === 'discovery' ? teamItemParts(record.item) : null;
    if (!parts || !/^[0-9a-f]{64}$/.test(parts.subject) || !/^[1-9]\d{0,2}$/.test(parts.variant) || Number(parts.variant) > DISCOVERY_MAX_PAGE) throw bad('names no query page Scout can read');
    const fetchedAt = record.fetchedAt.getTime();
    if (!Number.isFinite(fetchedAt) || fetchedAt <= 0) throw bad('has no date Scout can read');
    if (!('json' in record.body)) throw bad('is a file, not a search answer');
    const size = Buffer.byteLength(JSON.stringify(record.body.json) ?? '');
    if (size > MAX_TEAM_PAGE_BYTES) throw bad(`is larger than a page can be (${Math.ceil(size / 1024)} KB)`);
    const json = rec(record.body.json);
    let query: DiscoveryBody;
    try {
      query = validBody(json.query);
    } catch {
      throw bad('holds a query Scout would not send');
    }
    const page = Number(parts.variant);
    if (query.social_network !== parts.network || DiscoveryRepository.queryHash(query) !== parts.subject || json.page !== page) throw bad('is not the page its name says');
    let answer: SearchPage;
    try {
      answer = parseSearch(json.answer);
    } catch {
      throw bad('does not read as a search answer');
    }
    const held = this.deps.pages.page(parts.subject, page);
    if (held && held.fetchedAt >= Math.round(fetchedAt)) return { outcome: 'already-held', answer };
    saving(() => this.deps.pages.savePage(discoveryRequestBody(query, page), pageJson(answer), fetchedAt));
    // A run stores the pictures of every page it gets; a page pulled in the background, here.
    if (options.pictures) void this.deps.onSaved?.(pageJson(answer)).catch(() => undefined);
    return { outcome: 'saved', answer };
  }

  // ---- results ------------------------------------------------------------------------------

  /** Cached pages only, no network: works offline. */
  results(input: { body: unknown; sandbox: boolean; fromPage?: number; toPage?: number }): DiscoveryResults {
    const body = validBody(input.body);
    const from = input.fromPage ?? 1;
    const to = input.toPage ?? DISCOVERY_MAX_PAGE;
    pageRange(from, to);
    const info = this.deps.pages.query(body, { sandbox: input.sandbox });
    const empty: DiscoveryResults = { sandbox: input.sandbox, pages: [], totalPages: info?.totalPages ?? null, queriesLeft: null, fetchedAt: null, rows: [] };
    if (!info) return empty;
    const rows: DiscoveryRow[] = [];
    const seen = new Set<string>();
    const pages: number[] = [];
    let newest: { fetchedAt: number; queriesLeft: number | null } | null = null;
    for (const number of info.pages) {
      if (number < from || number > to) continue;
      const page = this.deps.pages.page(info.queryHash, number);
      if (!page) continue;
      pages.push(number);
      if (!newest || page.fetchedAt >= newest.fetchedAt) newest = { fetchedAt: page.fetchedAt, queriesLeft: page.queriesLeft };
      let parsed: SearchPage;
      try {
        parsed = parseSearch(page.result);
      } catch {
        continue; // A stored page that no longer reads shows no rows rather than failing the view.
      }
      parsed.results.forEach((result, position) => {
        const row = rowOf(body.social_network, number, position, result);
        if (seen.has(row.key)) row.key = `${row.key}#${number}.${position}`;
        seen.add(row.key);
        rows.push(row);
      });
    }
    return { ...empty, pages, queriesLeft: newest?.queriesLeft ?? null, fetchedAt: newest?.fetchedAt ?? null, rows };
  }

  // ---- shortlist ----------------------------------------------------------------------------

  shortlist(): ShortlistItem[] {
    return this.deps.store.shortlist();
  }

  addToShortlist(
    items: readonly { network: Network; account: string; title?: string | null; avatarUrl?: string | null; followers?: number | null; er?: number | null; country?: string | null }[],
  ): ShortlistItem[] {
    const fields: Record<string, string> = {};
    const read = items.map((item, i) => {
      const ref = parseAccountRef(item.account, item.network);
      if (!ref.ok) fields[`items.${i}.account`] = ref.reason;
      return ref.ok ? { ...item, account: item.account.trim().replace(/^@/, ''), accountKey: ref.value.key } : null;
    });
    const bad = Object.keys(fields);
    if (bad.length > 0) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: `${bad.length} of the accounts cannot be read; nothing was added. ${Object.values(fields)[0]}`, fields });
    }
    return this.edited('shortlist_item', saving(() => this.deps.store.addToShortlist(read.filter((r) => r !== null), this.now())));
  }

  removeFromShortlist(ids: readonly number[]): number {
    return this.edited('shortlist_item', this.deps.store.removeFromShortlist(ids));
  }
}

/** The team's discovery pages, saved into this workspace's cache: pulled by the sync engine, or taken instead of buying. */
export class DiscoveryTeamCodec implements TeamRecordCodec {
  readonly kind = 'discovery';
  constructor(private readonly discovery: DiscoveryService) {}
  apply(record: TeamRecordIn): Promise<'saved' | 'already-held'> {
    return Promise.resolve().then(() => this.discovery.keepTeammatePage(record, { pictures: true }).outcome);
  }
}

function withoutPage(sent: Record<string, unknown>): JsonObject {
  const { page: _page, ...query } = sent;
  return query as JsonObject;
}

/** The ledger's account column for a query's pages: its cache key, shortened. */
function ledgerKey(hash: string): string {
  return `query:${hash.slice(0, 16)}`;
}

/** A page as the ledger's item names it. */
function pageItem(page: number): string {
  return `page ${page}`;
}

function pageOfItem(item: string | null): number | null {
  const match = /^page (\d+)$/.exec(item ?? '');
  return match ? Number(match[1]) : null;
}
function notFound(): never {
  throw new ScoutError({ code: 'INVALID_INPUT', message: 'This workspace has no saved query with that id (it may have been deleted).' });
}

/** The page as the cache keeps it: the answer's shape, each result as received. */
function pageJson(page: SearchPage): JsonObject {
  return { search_results: page.results.map((r) => r.raw), current_page: page.currentPage, total_pages: page.totalPages, queries_left: page.queriesLeft };
}
