// Quotes that know what the API account has already unlocked (issue 13). The API account may
// have unlocked a report outside this Scout (a colleague, the web app, another workspace folder).
// Before quoting accounts Scout has no record of, auditor.creators is asked with
// creator_accounts, 100 at a time, whether their reports are unlocked and since when; the answer
// is kept with the creators (creator_accounts), where ReportService.quote reads it, so the
// fetch's cost check and an offline quote say the same. When the API cannot answer (offline, no
// credentials, an error) the quote stays as it was.
import type { CostQuote, TeamQuoteNote } from '@shared/reports';
import type { Creator } from '../../platform/api/schemas/creators';
import type { DiscoveryWorkspaceRepository } from '../discovery/discoveryWorkspaceRepository';
import type { CreatorsRepository } from '../creators/creatorsRepository';
import type { ConnectionTracker } from '../../kernel/connection';
import { MAX_CREATOR_ACCOUNTS } from '@shared/creators';
import { creatorAccountsParam, type CreatorsService } from '../creators/creatorsService';
import type { ReportService } from '../reports/reportService';
import type { ReportRef } from '../reports/reportServiceDeps';
import type { Logger } from '../../platform/log';
import type { BalanceKind } from '@shared/balances';
import type { MonthlyLimit } from '@shared/monthlyLimit';
import type { Allowance } from '../../team/teamLedger';
import { TeamError } from '../../kernel/teamErrors';
import { ScoutError } from '@shared/errors';

/** An answer of "not unlocked" is trusted this long before the API is asked again. */
export const UNLOCK_ANSWER_FRESH_MS = 10 * 60_000;
/**
 * Nor long for the team's monthly limit: past this the quote says none is known and that the team
 * database cannot be reached (the send asks again).
 */
const LIMIT_TIMEOUT_MS = 3_000;
/** A quote does not wait long for the answer: past this it stays as it was. */
const LOOKUP_TIMEOUT_MS = 8_000;
/** Pages of one lookup's answer followed (100 accounts rarely belong to more than 100 creators). */
const MAX_ANSWER_PAGES = 5;
/**
 * Quotes worth asking about: Scout has no record of an unlock in the last year. A report paid for
 * here but never fetched ('paid-not-fetched') is a record of Scout's own and keeps its own quote.
 */
const askable = new Set<CostQuote['reason']>(['new', 'expired']);

export interface UnlockQuotesDeps {
  reports: ReportService;
  creators: CreatorsService;
  creatorsRepo: CreatorsRepository;
  store: DiscoveryWorkspaceRepository;
  connection: ConnectionTracker;
  logger?: Logger;
  now?: () => number;
  /**
   * A Team workspace: the researcher's monthly limit and this month's spend on a balance (the
   * gate's `allowance`), said in the quote so the confirmation can refuse before sending; its
   * TEAM_UNREACHABLE is said in the quote too (`withTeam`).
   */
  allowance?: (balance: BalanceKind) => Promise<Allowance>;
  /**
   * A Team workspace: when the team ledger says each account's report was last unlocked by a
   * teammate's paid call (team/teamUnlocks.ts). Asked before the API, for quotes with no unlock here.
   */
  teamUnlocks?: (accounts: { network: ReportRef['network']; accountKey: string }[]) => Promise<Map<string, number>>;
}

/** A team database question a quote waits for at most LIMIT_TIMEOUT_MS: past it, TEAM_UNREACHABLE. */
async function teamInTime<T>(asked: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TeamError('TEAM_UNREACHABLE', 'the team database did not answer in time')), LIMIT_TIMEOUT_MS);
  });
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

export class UnlockQuotes {
  private readonly now: () => number;

  constructor(private readonly deps: UnlockQuotesDeps) {
    this.now = deps.now ?? Date.now;
  }

  async quote(ref: ReportRef): Promise<CostQuote> {
    return (await this.quoteMany([ref]))[0]!;
  }

  /** The quotes, and in a Team workspace what the team database says of them (`withTeam`). */
  async quoteMany(refs: readonly ReportRef[]): Promise<CostQuote[]> {
    return this.withTeam(await this.costs(refs));
  }

  /**
   * A Team workspace's side of quotes (these or any other fetch's, a PDF export's): what the team
   * database says of them (`teamSays`), said on each quote that costs, with the monthly limit on
   * its balance. Without a team, the quotes as they are.
   */
  async withTeam(quotes: readonly CostQuote[]): Promise<CostQuote[]> {
    if (!this.deps.allowance) return [...quotes];
    const said = await this.teamSays(quotes.filter((q) => q.cost > 0).map((q) => q.balance));
    return quotes.map((q) => {
      const answer = q.cost > 0 ? said.get(q.balance) : undefined;
      return { ...q, limit: answer?.limit ?? null, ...answer?.note };
    });
  }

  /**
   * The same for a quote of another shape, of a purchase from `balance` that costs or may cost (a
   * discovery run's pages, a competitor analysis, a list, media, brand mentions, whose cost is
   * observed): what the team database says of it. Empty without a team, or when it answered.
   */
  async teamNote(balance: BalanceKind): Promise<TeamQuoteNote> {
    if (!this.deps.allowance) return {};
    return (await this.teamSays([balance])).get(balance)!.note;
  }

  /**
   * The one check, for every quote of a Team workspace: the team database is asked once per
   * balance for the researcher's monthly limit (the gate's `allowance`, as the send asks it). One
   * that cannot be reached (or does not answer in time) is `teamUnreachable`, so the researcher is
   * asked there whether to buy anyway, before pressing spend; no working connection at all (not
   * set up, a wrong password) is `teamNotConnected`, which the send would refuse. The send's own
   * refusals (the kernel's) are then only for a team that went away in between.
   */
  private async teamSays(balances: Iterable<BalanceKind>): Promise<Map<BalanceKind, { limit: MonthlyLimit | null; note: TeamQuoteNote }>> {
    const allowance = this.deps.allowance!;
    const said = new Map<BalanceKind, { limit: MonthlyLimit | null; note: TeamQuoteNote }>();
    for (const balance of new Set(balances)) {
      try {
        const { limit, spent } = await teamInTime(allowance(balance));
        said.set(balance, { limit: limit === null ? null : { balance, limit, spent }, note: {} });
      } catch (error) {
        // Not known now: the quote says no limit, and the send asks again.
        this.deps.logger?.info(`monthly limit not read for a quote: ${error instanceof Error ? error.message : String(error)}`);
        const code = error instanceof TeamError || error instanceof ScoutError ? error.code : null;
        const note: TeamQuoteNote = code === 'TEAM_UNREACHABLE' ? { teamUnreachable: true } : code === 'TEAM_NOT_CONNECTED' ? { teamNotConnected: true } : {};
        said.set(balance, { limit: null, note });
      }
    }
    return said;
  }

  /** One auditor.creators call per 100 accounts with no record, then the cost rule for each. */
  private async costs(refs: readonly ReportRef[]): Promise<CostQuote[]> {
    let first = refs.map((ref) => this.deps.reports.quote(ref));
    if (this.deps.teamUnlocks && (await this.fromTeamLedger(refs.filter((_, i) => askable.has(first[i]!.reason))))) {
      first = refs.map((ref) => this.deps.reports.quote(ref));
    }
    const now = this.now();
    const ask = new Map<string, ReportRef>();
    refs.forEach((ref, i) => {
      if (!askable.has(first[i]!.reason)) return;
      const askedAt = this.deps.store.unlockAskedAt(ref.network, ref.key);
      if (askedAt !== null && now - askedAt < UNLOCK_ANSWER_FRESH_MS) return;
      ask.set(`${ref.network}:${ref.key}`, ref);
    });
    if (ask.size === 0 || !this.mayAsk()) return first;
    const pending = [...ask.values()];
    for (let i = 0; i < pending.length; i += MAX_CREATOR_ACCOUNTS) {
      const chunk = pending.slice(i, i + MAX_CREATOR_ACCOUNTS);
      try {
        await this.lookUp(chunk);
      } catch (error) {
        // No answer: these quotes (and the rest) stay as the cost rule says without it.
        this.deps.logger?.info(`unlock lookup not answered: ${error instanceof Error ? error.message : String(error)}`);
        break;
      }
    }
    return refs.map((ref) => this.deps.reports.quote(ref));
  }

  /** Unlocks the team ledger shows for these accounts, written into the cache; whether any was new. */
  private async fromTeamLedger(refs: readonly ReportRef[]): Promise<boolean> {
    if (refs.length === 0) return false;
    let found: Map<string, number>;
    try {
      found = await teamInTime(this.deps.teamUnlocks!(refs.map((ref) => ({ network: ref.network, accountKey: ref.key }))));
    } catch (error) {
      // Not known now: the API is asked, or the quote says what it may cost.
      this.deps.logger?.info(`unlocks not read from the team ledger for a quote: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    let changed = false;
    for (const ref of refs) {
      const at = found.get(JSON.stringify([ref.network, ref.key]));
      if (at !== undefined && at <= this.now()) {
        this.deps.reports.noteUnlocked(ref, at);
        changed = true;
      }
    }
    return changed;
  }

  private mayAsk(): boolean {
    const state = this.deps.connection.get();
    return !state.manualOffline && state.mode !== 'unreachable';
  }

  private async lookUp(refs: readonly ReportRef[]): Promise<void> {
    const askedAt = this.now();
    const query: Record<string, string | number> = {
      limit: 100,
      creator_accounts: creatorAccountsParam(refs.map((ref) => ({ network: ref.network, socialId: ref.apiName }))),
    };
    const found: Creator[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_ANSWER_PAGES; page++) {
      // A signal of its own: quotes run side by side, and the Creators page's sync signal is not theirs to share.
      const answer = await this.deps.creators.page(cursor === null ? query : { ...query, cursor }, { timeoutMs: LOOKUP_TIMEOUT_MS, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS * 2) });
      found.push(...answer.creators);
      cursor = answer.nextCursor;
      if (cursor === null) break;
    }
    this.deps.creators.keep(found);
    for (const ref of refs) this.deps.store.rememberUnlockAnswer(ref.network, ref.key, askedAt, this.deps.creatorsRepo.unlockedAt(ref.network, ref.key));
  }
}
