// The work that outlives a page: Add accounts' quotes and batch run, and Discovery's quote, run and
// saved queries. A run goes on while the researcher is on another page, and its progress events
// must land whether or not the page that started it is on screen, so this is not a component's
// useScoutMutation: it is the one module that calls main for them and writes what they did into
// the store's UI state (the fetch plan, the run's rows, the Discovery draft and status). The
// slices (accountsSlice.ts, discoverySlice.ts) hold that state and its plain changes; they never
// call main. followRuns() subscribes to the runs' events, once, when the app starts.
import type { BalanceKind, Network } from '@shared/reports';
import { parseAccountList, type AccountInput } from '@shared/accountInput';
import type { SavedDiscoveryQuery } from '@shared/discoveryData';
import { validateDiscoveryQuery, type DiscoveryFieldError } from '@shared/discovery';
import { workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import { teamUnreachableRow } from '@shared/labels';
import { useScout } from '../store';
import { errorMessage, scout, ScoutCallError } from './scoutClient';
import { keptQuery, queries } from './scoutQuery';
import { shell } from './useShell';
import { selectedAtFirst, switchedMessage, workspaceChangedMessage, type PlannedFetch, type RunItem, type TiktokType } from '../features/accounts/accountsSlice';
import { quoteAll, spendBlocker } from '../features/accounts/addFlow';
import { live } from '../features/accounts/liveProgress';
import { canonicalBody, checkDraft, fieldErrorsOf, savedQueriesName } from '../features/discovery/discoverySlice';
import { isTeamUnreachable, teamConfirmed } from '../shared/ui/TeamUnreachableConfirm';
import { asksBuyAnyway } from '../shared/ui/TeamQuote';

const get = () => useScout.getState();
const set = useScout.setState;

// ——— Add accounts ———

/** A cancel, saying whether the API had already charged for it. */
function cancelledMessage(spent: Partial<Record<BalanceKind, number>>): string {
  const paid = Object.values(spent).some((n) => (n ?? 0) > 0);
  return paid ? 'Cancelled after the API charged: most likely free to fetch again (Scout still asks first)' : 'Cancelled; nothing was spent';
}

let runSeq = 0;

const updateRunItem = (runId: number, index: number, patch: Partial<RunItem>) => {
  const current = get().run;
  if (current?.id !== runId) return;
  set({ run: { ...current, items: current.items.map((it, j) => (j === index ? { ...it, ...patch } : it)) } });
};

/** Ends a run: no further account is started, and those still waiting say why. */
const stopRun = (message: string, runId = get().run?.id) => {
  const run = get().run;
  if (!run || run.id !== runId) return;
  const items = run.items.map((it) => (it.status === 'waiting' ? { ...it, status: 'skipped' as const, message, progress: null } : it));
  set({ run: { ...run, items, running: false } });
};

/** Runs these accounts' fetches as one batch in main; `confirmed`: "Buy anyway" (the team not asked). */
async function startRun(workspace: WorkspaceId | null, tiktokType: TiktokType, chosen: readonly PlannedFetch[], confirmed: boolean): Promise<void> {
  const items = chosen.map((p): RunItem => ({ ...p, status: 'waiting', message: null, progress: null, readyBy: null, spent: null }));
  const runId = ++runSeq;
  const runKey = `run-${Date.now().toString(36)}-${runId}`;
  set({ run: { id: runId, runKey, workspace, items, running: true, startedAt: Date.now(), tiktokType, ...(confirmed ? { teamConfirmed: true } : {}) } });
  if (!workspace) return stopRun('Not fetched: no workspace is open', runId);
  let stopped: string | null = null;
  try {
    const { outcomes } = await scout.invoke('reports:fetchMany', {
      workspace,
      runId: runKey,
      items: items.map((item) => ({
        network: item.input.network,
        account: item.input.account,
        ...(item.input.network === 'tiktok' ? { tiktokType } : {}),
        confirmedCost: item.quote!.cost,
        // "Buy anyway" for the run, or in the quote for an account it said the team could not be asked about.
        ...teamConfirmed(confirmed || item.quote?.teamUnreachable === true),
      })),
    });
    const elsewhere = (shell.activeWorkspace() ?? null) !== workspace;
    outcomes.forEach((outcome, i) => {
      const before = get().run?.items[i];
      const spent = before?.spent ?? outcome.spent ?? {};
      if (!before?.spent) updateRunItem(runId, i, { spent });
      if (outcome.status === 'done') updateRunItem(runId, i, { status: 'done', progress: null, message: elsewhere ? `Saved in ${workspaceLabels[workspace]}, where it was paid for` : null });
      else if (outcome.status === 'skipped') updateRunItem(runId, i, { status: 'skipped', progress: null, message: switchedMessage(get().run?.switchedTo ?? null) });
      else if (outcome.status === 'cancelled') updateRunItem(runId, i, { status: 'cancelled', progress: null, message: cancelledMessage(spent) });
      else {
        const team = outcome.error?.code === 'TEAM_UNREACHABLE';
        updateRunItem(runId, i, { status: 'failed', progress: null, message: team ? teamUnreachableRow : (outcome.error?.message ?? null), teamUnreachable: team });
      }
    });
  } catch (error) {
    // The whole run was refused (another workspace is active, say): nothing was sent.
    const code = error instanceof ScoutCallError ? error.code : null;
    stopped = code === 'WORKSPACE_CHANGED' ? workspaceChangedMessage : `Not fetched: ${errorMessage(error)}`;
  }
  stopRun(stopped ?? 'Not fetched: the run was stopped', runId);
  // The library on screen shows what the run saved.
  void queries.invalidate(['library']);
  void shell.refreshPlan();
}

/** Refreshes the balances, then quotes every account before anything is spent. */
export async function planFetches(inputs: AccountInput[], tiktokType: TiktokType): Promise<void> {
  const asked = get().planAsked + 1;
  const workspace = shell.activeWorkspace() ?? null;
  set({ planAsked: asked, fetchPlan: null, planning: true });
  // The balance the confirmation shows is the one the API has now.
  await shell.refreshPlan();
  const items = await quoteAll(scout, inputs, tiktokType);
  // Changed, closed or moved to another workspace meanwhile: these quotes are not for this screen.
  if (get().planAsked !== asked) return;
  if ((shell.activeWorkspace() ?? null) !== workspace) return void set({ planning: false });
  set({ fetchPlan: { workspace, tiktokType, items, selected: items.map(selectedAtFirst) }, planning: false });
}

/**
 * Fetches the selected rows of the plan, each at its confirmed cost, in one batch run by main
 * (paid requests one at a time, generation waited for all at once); the plan is used up. A row
 * whose quote said the team database cannot be reached is bought anyway: the quote asked, and
 * its spend button said "Buy anyway".
 */
export async function runFetches(): Promise<void> {
  const plan = get().fetchPlan;
  if (!plan || get().run?.running) return;
  const workspace = shell.activeWorkspace() ?? null;
  if (plan.workspace !== workspace) return get().clearPlan();
  const chosen = plan.items.filter((p, i) => plan.selected[i] && p.quote);
  if (chosen.length === 0) return;
  // The plan is used up: a second click cannot spend again.
  get().clearPlan();
  await startRun(workspace, plan.tiktokType, chosen, false);
}

/**
 * The finished run's accounts refused because the team database could not be asked, fetched
 * again now without asking it (the researcher chose "Buy anyway"), as a run of their own.
 */
export async function buyAnywayRun(): Promise<void> {
  const run = get().run;
  if (!run || run.running || run.workspace !== (shell.activeWorkspace() ?? null)) return;
  const refused = run.items.filter((it) => it.teamUnreachable);
  if (refused.length === 0) return;
  await startRun(
    run.workspace,
    run.tiktokType,
    refused.map(({ input, quote, cached, error }) => ({ input, quote, cached, error })),
    true,
  );
}

export async function cancelRun(): Promise<void> {
  const run = get().run;
  if (!run) return;
  // Its own account's events say what each one spent; those still waiting spent nothing.
  set({
    run: {
      ...run,
      items: run.items.map((it) =>
        it.status === 'waiting' && it.progress?.phase !== 'requesting' ? { ...it, status: 'cancelled' as const, message: 'Cancelled before its turn; nothing was spent', progress: null, spent: {} } : it,
      ),
    },
  });
  await scout.invoke('reports:cancelMany', { runId: run.runKey });
}

/**
 * Another page's accounts (a list, creators, discovery results) into Add accounts: the panel
 * opens on the Accounts page with them typed in and quoted, so they are fetched the one way,
 * quoted first. Says why not when a run is still under way; null when handed over.
 */
export function fetchThroughAddFlow(accounts: readonly { network: Network; account: string }[]): string | null {
  if (get().run?.running) return 'Add accounts is still fetching; wait for it to finish, then try again.';
  if (get().run) get().dismissRun();
  const text = accounts.map((a) => `${a.network}:${a.account}`).join('\n');
  get().setAddDraft({ open: true, text, network: '' });
  get().navigate('accounts');
  const valid = parseAccountList(text, null).flatMap((p) => (p.ok ? [p.value] : []));
  // Nothing is quoted when nothing could be spent: the panel says why, as when typed there.
  if (valid.length && spendBlocker(shell.getState()) === null) void planFetches(valid, get().addDraft.tiktokType);
  return null;
}

/** Each row of the run follows its own account, in the run's workspace, as the events arrive. */
function followFetchRun(): void {
  scout.on('reports:changed', (progress) => {
    const run = get().run;
    if (!run) return;
    if (progress.workspace && run.workspace && progress.workspace !== run.workspace) return;
    const matches = (it: RunItem) => (it.status === 'waiting' || it.status === 'running') && progress.network === it.input.network && progress.accountKey === it.input.key;
    if (!run.items.some(matches)) return;
    const items = run.items.map((it): RunItem => {
      if (!matches(it)) return it;
      if (progress.phase === 'finished') {
        const spent = progress.spent ?? {};
        const code = progress.error?.code;
        if (!progress.error) return { ...it, status: 'done', progress: null, spent };
        if (code === 'CANCELLED') return { ...it, status: 'cancelled', message: cancelledMessage(spent), progress: null, spent };
        if (code === 'WORKSPACE_CHANGED') return { ...it, status: 'skipped', message: switchedMessage(get().run?.switchedTo ?? null), progress: null, spent };
        return { ...it, status: 'failed', message: code === 'TEAM_UNREACHABLE' ? teamUnreachableRow : progress.error.message, progress: null, spent, teamUnreachable: code === 'TEAM_UNREACHABLE' };
      }
      const readyBy = it.readyBy ?? (progress.phase === 'generating' && progress.retryInSec !== null ? Date.now() + progress.retryInSec * 1000 : null);
      // Queued: its paid request waits its turn; it is not running yet.
      if (progress.phase === 'queued') return { ...it, progress: live(progress) };
      if (it.status === 'waiting' && !run.running) return it;
      // Sent before the researcher switched away: it goes on, and says so.
      return { ...it, status: 'running', progress: live(progress), readyBy };
    });
    set({ run: { ...run, items } });
  });
}

// ——— Discovery ———

let discoveryRunSeq = 0;

/** The saved queries on screen (or kept for the page's return), edited with main's answers. */
const savedQueries = () => keptQuery<SavedDiscoveryQuery[]>(savedQueriesName, shell.activeWorkspace);
const upsert = (query: SavedDiscoveryQuery) => savedQueries().update((list) => [query, ...list.filter((q) => q.id !== query.id)].sort((a, b) => b.updatedAt - a.updatedAt));

/** Saves the draft (as new, or over its saved query); false when refused. */
export async function saveDiscoveryQuery(): Promise<boolean> {
  const draft = get().discoveryDraft;
  const name = draft.name.trim();
  const errors: DiscoveryFieldError[] = [];
  if (!name) errors.push({ field: 'name', message: 'Name the query to save it.' });
  else if (name.length > 120) errors.push({ field: 'name', message: 'A name has at most 120 characters.' });
  const valid = validateDiscoveryQuery(draft.body);
  if (!valid.ok) errors.push(...valid.errors);
  if (errors.length || !valid.ok) {
    set({ discoveryErrors: errors, discoveryStatus: 'Not saved: see the fields marked.' });
    return false;
  }
  try {
    const seen = draft.queryId !== null && draft.seenVersion !== undefined ? { seen: { version: draft.seenVersion } } : {};
    const saved = await scout.invoke('discovery:saveQuery', { ...(draft.queryId !== null ? { id: draft.queryId } : {}), name, body: valid.body, ...seen });
    upsert(saved);
    set({
      discoveryDraft: { ...get().discoveryDraft, queryId: saved.id, name: saved.name, body: saved.body, savedBody: canonicalBody(saved.body), seenVersion: saved.team?.version ?? 0 },
      discoveryErrors: [],
      discoveryStatus: `Saved “${saved.name}”.`,
    });
    return true;
  } catch (error) {
    set({ discoveryErrors: fieldErrorsOf(error), discoveryStatus: `Not saved: ${errorMessage(error)}` });
    return false;
  }
}

export async function duplicateDiscoveryQuery(id: number): Promise<void> {
  try {
    const copy = await scout.invoke('discovery:duplicateQuery', { id });
    upsert(copy);
    get().openDiscoveryQuery(copy);
    set({ discoveryStatus: `Duplicated as “${copy.name}”.` });
  } catch (error) {
    set({ discoveryStatus: `Not duplicated: ${errorMessage(error)}` });
  }
}

/** `seenVersion`: the query's `team.version` when the rename began (the rename is made on it). */
export async function renameDiscoveryQuery(id: number, name: string, seenVersion?: number): Promise<boolean> {
  try {
    const renamed = await scout.invoke('discovery:renameQuery', { id, name: name.trim(), ...(seenVersion !== undefined ? { seen: { version: seenVersion } } : {}) });
    upsert(renamed);
    if (get().discoveryDraft.queryId === id) set({ discoveryDraft: { ...get().discoveryDraft, name: renamed.name } });
    set({ discoveryStatus: `Renamed to “${renamed.name}”.` });
    return true;
  } catch (error) {
    set({ discoveryStatus: `Not renamed: ${errorMessage(error)}` });
    return false;
  }
}

export async function deleteDiscoveryQuery({ id, name }: SavedDiscoveryQuery): Promise<void> {
  try {
    await scout.invoke('discovery:deleteQuery', { id });
    savedQueries().update((list) => list.filter((q) => q.id !== id));
    set({ discoveryStatus: `Deleted “${name}”. Its cached pages stay in this workspace.` });
    // The query stays on screen, unsaved, so nothing typed is lost.
    if (get().discoveryDraft.queryId === id) set({ discoveryDraft: { ...get().discoveryDraft, queryId: null, savedBody: null } });
  } catch (error) {
    set({ discoveryStatus: `Not deleted: ${errorMessage(error)}` });
  }
}

/** Checks the query and the pages here, then asks main what the run would spend (free). */
export async function quoteDiscovery(): Promise<void> {
  const checked = checkDraft(get().discoveryDraft);
  if (!checked.ok) {
    set({ discoveryErrors: checked.errors, discoveryQuote: null, discoveryStatus: 'Nothing was sent: see the fields marked.' });
    return;
  }
  const asked = get().discoveryQuoteAsked + 1;
  // A new quote is a new run to come: the last run's outcome is not its outcome.
  get().dismissDiscoveryRun();
  set({ discoveryQuoteAsked: asked, discoveryQuoting: true, discoveryStatus: null, discoveryErrors: [] });
  try {
    const quote = await scout.invoke('discovery:quote', { body: checked.body, sandbox: get().discoveryDraft.sandbox, fromPage: checked.from, toPage: checked.to });
    if (get().discoveryQuoteAsked !== asked) return;
    set({ discoveryQuote: quote, discoveryQuoting: false });
  } catch (error) {
    if (get().discoveryQuoteAsked !== asked) return;
    set({ discoveryQuoting: false, discoveryErrors: fieldErrorsOf(error), discoveryStatus: `Nothing was sent: ${errorMessage(error)}` });
  }
}

/** Runs the quoted pages; `teamUnreachableConfirmed`: "Buy anyway" for a run the team database could not be asked about. */
export async function runDiscovery(teamUnreachableConfirmed = false): Promise<void> {
  // "Buy anyway": the quote the researcher confirmed before the team database was found away.
  const asked = teamUnreachableConfirmed ? get().discoveryRun : null;
  const quote = asked?.teamAsk ? asked.quote : get().discoveryQuote;
  const workspace = shell.activeWorkspace();
  if (!quote || !workspace || get().discoveryRun?.running) return;
  const checked = checkDraft(get().discoveryDraft);
  if (!checked.ok) return void set({ discoveryErrors: checked.errors, discoveryQuote: null });
  const draft = get().discoveryDraft;
  // The quote is used up: a second click cannot spend again.
  get().clearDiscoveryQuote();
  const runId = `discovery-${Date.now().toString(36)}-${++discoveryRunSeq}`;
  set({ discoveryRun: { runId, workspace, quote, progress: null, running: true, cancelling: false, result: null, error: null }, discoveryStatus: null });
  try {
    const result = await scout.invoke('discovery:run', {
      runId,
      // Its history holds runs of the query as saved; a run of unsaved changes is not one of them.
      ...(draft.queryId !== null && draft.savedBody === canonicalBody(checked.body) ? { queryId: draft.queryId } : {}),
      body: checked.body,
      sandbox: quote.sandbox,
      fromPage: quote.fromPage,
      toPage: quote.toPage,
      confirmedCalls: quote.calls,
      workspace,
      // "Buy anyway" after the run was refused, or in the quote, which said the team database cannot be reached.
      ...teamConfirmed(teamUnreachableConfirmed || asksBuyAnyway(quote)),
    });
    const run = get().discoveryRun;
    // Refused before its first page as the team database cannot be asked: "Buy anyway?" at the same quote.
    const teamAsk = result.outcome === 'failed' && result.errorCode === 'TEAM_UNREACHABLE' && result.pagesFetched === 0 && !teamUnreachableConfirmed;
    if (run?.runId === runId && teamAsk) set({ discoveryRun: { ...run, running: false, cancelling: false, teamAsk: result.message } });
    else if (run?.runId === runId) set({ discoveryRun: { ...run, running: false, cancelling: false, result } });
  } catch (error) {
    const run = get().discoveryRun;
    const code = error instanceof ScoutCallError ? error.code : null;
    const message =
      code === 'COST_CHANGED'
        ? 'The cost changed since it was quoted (a page was cached or the balance moved meanwhile), so nothing was sent and nothing was spent. Check the cost again.'
        : code === 'WORKSPACE_CHANGED'
          ? 'Not run: another workspace became active before it started; nothing was spent.'
          : `Not run: ${errorMessage(error)}`;
    if (run?.runId === runId && isTeamUnreachable(error) && !teamUnreachableConfirmed) set({ discoveryRun: { ...run, running: false, cancelling: false, teamAsk: error.message } });
    else if (run?.runId === runId) set({ discoveryRun: { ...run, running: false, cancelling: false, error: message } });
    const fields = fieldErrorsOf(error);
    if (fields.length) set({ discoveryErrors: fields });
  }
  set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
  // Its run history.
  void queries.invalidate([savedQueriesName]);
  if (!quote.sandbox) void shell.refreshPlan();
}

export async function cancelDiscovery(): Promise<void> {
  const run = get().discoveryRun;
  if (!run?.running) return;
  set({ discoveryRun: { ...run, cancelling: true } });
  try {
    await scout.invoke('discovery:cancel', { runId: run.runId });
  } catch (error) {
    set({ discoveryStatus: `Could not cancel: ${errorMessage(error)}` });
  }
}

/** A Discovery run's progress, and what teammates bought, into the results on screen. */
function followDiscovery(): void {
  // What teammates shared in a Team workspace: saved queries and runs, the shortlist, pages bought.
  scout.on('team:received', (received) => {
    if (received.workspace !== shell.activeWorkspace()) return;
    if (received.kinds.includes('discovery')) set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
  });
  let shownAt = 0;
  scout.on('discovery:changed', (progress) => {
    const run = get().discoveryRun;
    if (run?.runId !== progress.runId) return;
    set({ discoveryRun: { ...run, progress } });
    // Pages fetched show in the table as the run goes, every few seconds rather than at every
    // page: a long crawl would otherwise read its growing results hundreds of times.
    if (progress.done > 0 && Date.now() - shownAt > 2000) {
      shownAt = Date.now();
      set({ discoveryResultsVersion: get().discoveryResultsVersion + 1 });
    }
  });
}

let following = false;

/** Subscribes to the runs' events (once): Add accounts' rows and Discovery's progress follow them. */
export function followRuns(): void {
  if (following) return;
  following = true;
  followFetchRun();
  followDiscovery();
}
