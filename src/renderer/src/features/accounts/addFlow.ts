// The rules of Add accounts that do not need a screen: where the panel stands (editing → quoted
// → running → finished; Done resets), why no spend can be offered, what the selected quotes add
// up to when one of them is only "at most", how a list is quoted (in batches, so main can ask which
// accounts the API account unlocked elsewhere), and how the library reads a follower bound.
import type { ConnectionState, PlanInfo, ScoutClient, WorkspaceState } from '@shared/contract';
import { balanceIn, type BalanceKind } from '@shared/balances';
import type { CostQuote } from '@shared/reports';
import { pastMonthlyLimit, type MonthlyLimit } from '@shared/monthlyLimit';
import type { AccountInput } from '@shared/accountInput';
import type { PlannedFetch, TiktokType } from './accountsSlice';
import { formatCount } from '@shared/format';
import { balanceLabels, creditAmount } from '@shared/labels';

export type AddPhase = 'editing' | 'quoted' | 'running' | 'finished';

/** One state at a time: a run on screen wins over a plan, a plan over the form. */
export function addPhase(state: { fetchPlan: unknown; run: { running: boolean } | null }): AddPhase {
  if (state.run) return state.run.running ? 'running' : 'finished';
  return state.fetchPlan ? 'quoted' : 'editing';
}

/**
 * Why nothing can be spent now, in words, before anything is quoted: offline (by hand or the
 * API unreachable), no keychain, no credentials, or no balance known at all. Null when a spend
 * can be offered (each line's own balance is checked once quoted: `unknownBalances`).
 */
export function spendBlocker(state: {
  connection: ConnectionState | null;
  workspace: WorkspaceState | null;
  plan: { plan: PlanInfo | null } | null;
  planError: string | null;
}): string | null {
  const { connection, workspace } = state;
  if (connection?.manualOffline || connection?.mode === 'offline') return 'Scout is working offline, so nothing can be fetched. Choose “Go online” in the top bar first.';
  if (connection?.mode === 'unreachable')
    return `The API cannot be reached${connection.reason ? ` (${connection.reason.replace(/\.$/, '')})` : ''}, so nothing can be fetched now. Try again once it answers.`;
  const active = workspace?.workspaces.find((w) => w.id === workspace.active);
  if (active && !active.credentials.keychainAvailable && active.credentials.editable)
    return 'No system keychain can be reached, so Scout cannot read your API credentials. Unlock or install a keychain, then add them in Settings → Production API.';
  if (active && !active.credentials.hasCredentials) return 'No API credentials are saved for this workspace. Add them in Settings → Production API.';
  if (!state.plan?.plan) return `Your balance is not known${state.planError ? ` (${state.planError.replace(/\.$/, '')})` : ''}, so Scout cannot say whether a fetch is affordable. Check the connection in Settings.`;
  return null;
}

/** The balance a plan reports for one kind; null when it gave no figure. */
export function balanceOf(plan: PlanInfo | null, kind: BalanceKind): number | null {
  return plan ? balanceIn(plan, kind) : null;
}

export interface BalanceTotal {
  kind: BalanceKind;
  /** The most it can cost: uncertain lines counted in full. */
  atMost: number;
  /** Lines that will most likely cost nothing but may cost one (paid for, never fetched). */
  uncertain: number;
  /** The balance now; null when the plan has no figure for it. */
  left: number | null;
}

/** What the selected quotes spend, per balance; a `paid-not-fetched` line is "at most". */
export function spendTotals(quotes: readonly CostQuote[], plan: PlanInfo | null): BalanceTotal[] {
  const totals = new Map<BalanceKind, BalanceTotal>();
  for (const q of quotes) {
    if (q.cost === 0) continue;
    const t = totals.get(q.balance) ?? { kind: q.balance, atMost: 0, uncertain: 0, left: balanceOf(plan, q.balance) };
    t.atMost += q.cost;
    if (q.reason === 'paid-not-fetched') t.uncertain += q.cost;
    totals.set(q.balance, t);
  }
  return [...totals.values()];
}

/**
 * Team: the balances whose selected total would take the researcher past their monthly limit
 * (as the quotes say it), with that total; none outside a team or without a limit.
 */
export function pastLimits(totals: readonly BalanceTotal[], quotes: readonly CostQuote[]): { limit: MonthlyLimit; cost: number }[] {
  return totals.flatMap((t) => {
    const limit = quotes.find((q) => q.balance === t.kind && q.limit)?.limit;
    return limit && pastMonthlyLimit(limit, t.atMost) ? [{ limit, cost: t.atMost }] : [];
  });
}

const amount = (t: BalanceTotal) => `${t.uncertain > 0 ? 'at most ' : ''}${creditAmount(t.atMost, t.kind)}`;

/** The spend button: 'Fetch and spend 2 report credits', 'Fetch and spend at most 1 report credit'. */
export function confirmLabel(totals: readonly BalanceTotal[]): string {
  return totals.length === 0 ? 'Fetch' : `Fetch and spend ${totals.map(amount).join(' and ')}`;
}

/** The total line under the quotes. */
export function totalText(totals: readonly BalanceTotal[], selected: number): string {
  if (selected === 0) return 'Nothing selected.';
  if (totals.length === 0) return 'This costs nothing.';
  return totals
    .map((t) => {
      const likely = t.uncertain > 0 ? ` (${formatCount(t.atMost - t.uncertain)} for sure; ${formatCount(t.uncertain)} most likely free: paid for earlier, never fetched)` : '';
      if (t.left === null) return `Spends ${amount(t)}${likely}; your balance of ${balanceLabels[t.kind]} is not known.`;
      if (t.left < t.atMost - t.uncertain) return `Needs ${creditAmount(t.atMost - t.uncertain, t.kind)}; only ${formatCount(t.left)} left.`;
      return `Spends ${amount(t)}${likely}, leaving ${t.uncertain > 0 ? 'at least ' : ''}${formatCount(Math.max(0, t.left - t.atMost))} of ${formatCount(t.left)}.`;
    })
    .join(' ');
}

/** Balances the selected lines draw from that the plan gives no figure for: no spend is offered. */
export const unknownBalances = (totals: readonly BalanceTotal[]) => totals.filter((t) => t.left === null);

/** Balances too low even if every uncertain line turns out free. */
export const shortBalances = (totals: readonly BalanceTotal[]) => totals.filter((t) => t.left !== null && t.left < t.atMost - t.uncertain);

/** What a finished fetch spent, in words: 'spent 1 report credit', 'nothing spent'. */
export function spentText(spent: Partial<Record<BalanceKind, number>> | null | undefined): string {
  const parts = Object.entries(spent ?? {}).filter(([, n]) => (n ?? 0) > 0).map(([kind, n]) => creditAmount(n!, kind));
  return parts.length ? `spent ${parts.join(' and ')}` : 'nothing spent';
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const codeOf = (error: unknown): unknown => (error && typeof error === 'object' && 'code' in error ? error.code : undefined);

/** The contract's most accounts per reports:quoteMany. */
export const QUOTE_BATCH = 500;

/**
 * Quotes a whole list at once: one reports:quoteMany per 500 accounts, so main can ask the API in
 * batches which of them the API account has unlocked already (elsewhere: a colleague, the web
 * app) rather than one account at a time. A batch refused as a whole for one entry main cannot
 * read is quoted account by account, so each row says its own problem and the others are quoted.
 */
export async function quoteAll(client: Pick<ScoutClient, 'invoke'>, inputs: readonly AccountInput[], tiktokType: TiktokType): Promise<PlannedFetch[]> {
  const refOf = (input: AccountInput) => ({ network: input.network, account: input.account, ...(input.network === 'tiktok' ? { tiktokType } : {}) });
  // Whether each is cached already: a cached account's paid refresh starts unticked.
  const cachedAll = Promise.all(
    inputs.map((input) =>
      client.invoke('reports:open', { network: input.network, account: input.account }).then(
        (report): boolean | string => report !== null,
        messageOf,
      ),
    ),
  );
  const quotes: (CostQuote | string)[] = [];
  for (let from = 0; from < inputs.length; from += QUOTE_BATCH) {
    const batch = inputs.slice(from, from + QUOTE_BATCH);
    try {
      quotes.push(...(await client.invoke('reports:quoteMany', { items: batch.map(refOf) })));
    } catch (error) {
      if (codeOf(error) === 'INVALID_INPUT' && batch.length > 1) {
        quotes.push(...(await Promise.all(batch.map((input) => client.invoke('reports:quote', refOf(input)).catch(messageOf)))));
      } else quotes.push(...batch.map(() => messageOf(error)));
    }
  }
  const cached = await cachedAll;
  return inputs.map((input, i): PlannedFetch => {
    const quote = quotes[i];
    const isCached = cached[i];
    if (quote === undefined) return { input, quote: null, cached: false, error: 'Scout got no quote for this account; check the cost again.' };
    if (typeof quote === 'string') return { input, quote: null, cached: false, error: quote };
    if (typeof isCached === 'string') return { input, quote: null, cached: false, error: isCached };
    return { input, quote, cached: isCached === true, error: null };
  });
}

/**
 * A follower bound as a researcher types it: '10000', '10,000', '10k', '1.2m', '2.5 M'. Empty is
 * no bound (undefined); anything else is null, so the filter is not applied and says why.
 */
export function parseFollowers(text: string): number | undefined | null {
  const t = text.trim().toLowerCase().replace(/[\s,_]/g, '');
  if (t === '') return undefined;
  const m = /^(\d+(?:\.\d+)?|\.\d+)([km]|b)?$/.exec(t);
  if (!m) return null;
  const scale = m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : m[2] === 'b' ? 1e9 : 1;
  return Math.round(Number(m[1]) * scale);
}

/** A bound as the filter box shows it again after a reload: 10000 → '10k', 1200000 → '1.2m'. */
export function followersText(value: number | undefined): string {
  if (value === undefined) return '';
  for (const [size, suffix] of [[1e9, 'b'], [1e6, 'm'], [1e3, 'k']] as const) {
    if (value >= size && Number.isInteger((value / size) * 100)) return `${Number((value / size).toFixed(2))}${suffix}`;
  }
  return String(value);
}
