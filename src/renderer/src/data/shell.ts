// The shell's server state, in the data layer: what main says of the app (its notices), the
// workspaces, the plan (the credit meter), the connection and the team database. Each is a query
// kept for the whole app (a QueryController): asked once at start, then replaced by the event main
// pushes when it changes (`workspace:changed`, `plan:changed`…: QueryController.push). The actions
// that change them live here too. Pure (no DOM, no React, no store), so its rules have unit tests;
// data/useShell.ts holds the app's one Shell and its hook.
import type { AppInfo, ConnectionState, PlanState, ScoutClient, WorkspaceState } from '@shared/contract';
import type { TeamView } from '@shared/team';
import type { WorkspaceId } from '@shared/workspaces';
import { errorMessage, ScoutCallError } from './errors';
import { QueryController } from './scoutQuery';

/** The shell's state as one object (what spendBlocker and the pages read). */
export interface ShellState {
  /** The first load is done: the pages may be drawn. */
  ready: boolean;
  /** Why the app could not start (or the workspace could not open), in words. */
  fatalError: string | null;
  appInfo: AppInfo | null;
  workspace: WorkspaceState | null;
  plan: PlanState | null;
  planError: string | null;
  /** The error code behind planError, so the meter can say what to do. */
  planErrorCode: string | null;
  /** The meter is being asked again (plan:refresh). */
  planLoading: boolean;
  connection: ConnectionState | null;
  /** The Team workspace's team database connection, once asked (while Team is active, or by Settings). */
  team: TeamView | null;
}

/** A failure that is shown in words only (no code for the meter to act on). */
const inWords = (error: unknown) => new Error(errorMessage(error));

export class Shell {
  /** Holds `true` once the first load is done, or why it failed. */
  readonly boot = new QueryController<true>();
  readonly appInfo = new QueryController<AppInfo>();
  readonly workspace = new QueryController<WorkspaceState>();
  /** Asked again with plan:refresh: its pending ask is the meter's "checking", its failure the meter's problem. */
  readonly plan = new QueryController<PlanState>();
  readonly connection = new QueryController<ConnectionState>();
  readonly team = new QueryController<TeamView>();
  private readonly all = [this.boot, this.appInfo, this.workspace, this.plan, this.connection, this.team] as const;
  private snapshot: { of: unknown[]; state: ShellState } | null = null;
  private started = false;

  constructor(private readonly client: ScoutClient) {}

  /** Listens to every part of the shell's state. */
  readonly subscribe = (listener: () => void): (() => void) => {
    const stops = this.all.map((q) => q.subscribe(listener));
    return () => stops.forEach((stop) => stop());
  };

  /** The state now, the same object while nothing changed (useSyncExternalStore compares it). */
  readonly getState = (): ShellState => {
    const of = this.all.map((q) => q.getState());
    if (this.snapshot && of.every((s, i) => s === this.snapshot!.of[i])) return this.snapshot.state;
    const [boot, appInfo, workspace, plan, connection, team] = of as [
      ReturnType<Shell['boot']['getState']>,
      ReturnType<Shell['appInfo']['getState']>,
      ReturnType<Shell['workspace']['getState']>,
      ReturnType<Shell['plan']['getState']>,
      ReturnType<Shell['connection']['getState']>,
      ReturnType<Shell['team']['getState']>,
    ];
    const planError = plan.failure?.error;
    const state: ShellState = {
      ready: boot.data === true,
      fatalError: boot.failure ? errorMessage(boot.failure.error) : null,
      appInfo: appInfo.data ?? null,
      workspace: workspace.data ?? null,
      plan: plan.data ?? null,
      planError: plan.failure ? errorMessage(planError) : null,
      planErrorCode: planError instanceof ScoutCallError ? planError.code : null,
      planLoading: plan.pending !== null,
      connection: connection.data ?? null,
      team: team.data ?? null,
    };
    this.snapshot = { of, state };
    return state;
  };

  /** The active workspace; undefined until main has said. */
  readonly activeWorkspace = (): WorkspaceId | undefined => this.workspace.getState().data?.active;

  /** Calls `listener` each time the active workspace changes (not when it is first known). */
  onWorkspaceSwitch(listener: (active: WorkspaceId | null, previous: WorkspaceId | null) => void): () => void {
    let previous = this.activeWorkspace() ?? null;
    return this.workspace.subscribe(() => {
      const active = this.activeWorkspace() ?? null;
      if (active === previous) return;
      const before = previous;
      previous = active;
      listener(active, before);
    });
  }

  /** Subscribes to main's events (once), then loads. */
  readonly start = async (): Promise<void> => {
    if (!this.started) {
      this.started = true;
      this.follow();
    }
    await this.load();
  };

  private follow(): void {
    const { client } = this;
    // The meter moves as soon as a spend happens: a paid request the API accepted (it charges
    // then, before the report is generated) and a fetch that ended having spent. Asking for the
    // plan costs nothing; once per fetch while it generates, not on every poll.
    const charged = new Set<string>();
    client.on('reports:changed', (progress) => {
      if (progress.workspace !== undefined && progress.workspace !== this.activeWorkspace()) return;
      const key = `${progress.network}:${progress.accountKey}`;
      let moved = false;
      if (progress.phase === 'generating' && !charged.has(key)) {
        charged.add(key);
        moved = true;
      } else if (progress.phase === 'finished') {
        charged.delete(key);
        moved = progress.spendUnresolved === true || Object.values(progress.spent ?? {}).some((n) => n > 0);
      }
      if (moved) void this.refreshPlan();
    });
    client.on('workspace:changed', (workspace) => this.workspace.push(workspace));
    client.on('plan:changed', (plan) => this.plan.push(plan));
    client.on('connection:changed', (connection) => this.connection.push(connection));
    client.on('app:changed', (appInfo) => this.appInfo.push(appInfo));
    client.on('team:changed', (team) => this.team.push(team));
    // A teammate bought something on the agency's one API account: the meter is asked again
    // (free), at most every half minute however many of their records arrive.
    let teamAskedAt = 0;
    client.on('team:received', (received) => {
      if (received.workspace !== this.activeWorkspace() || Date.now() - teamAskedAt < 30_000) return;
      teamAskedAt = Date.now();
      void this.refreshPlan();
    });
  }

  readonly load = async (): Promise<void> => {
    const { client } = this;
    try {
      const [appInfo, workspace, plan, connection] = await Promise.all([
        client.invoke('app:info', {}),
        client.invoke('workspace:get', {}),
        client.invoke('plan:get', {}),
        client.invoke('connection:get', {}),
      ]);
      this.appInfo.push(appInfo);
      this.workspace.push(workspace);
      this.plan.push(plan);
      this.connection.push(connection);
      this.boot.push(true);
    } catch (error) {
      this.boot.pushFailure(error);
      return;
    }
    if (this.activeWorkspace() === 'team') void this.refreshTeam();
    await this.refreshPlan();
  };

  readonly switchWorkspace = async (id: WorkspaceId): Promise<void> => {
    const { client } = this;
    const ready = () => this.getState().ready;
    try {
      const workspace = await client.invoke('workspace:switch', { workspace: id });
      // Switching away from a workspace that could not open is how the researcher recovers.
      if (!ready()) return void (await this.load());
      const [plan, connection] = await Promise.all([client.invoke('plan:get', {}), client.invoke('connection:get', {})]);
      this.workspace.push(workspace);
      this.plan.push(plan);
      this.connection.push(connection);
      if (id === 'team') void this.refreshTeam();
    } catch (error) {
      if (ready()) this.plan.pushFailure(inWords(error));
      else this.boot.pushFailure(error);
      return;
    }
    await this.refreshPlan();
  };

  /** Asks the API for the balances (free); not while the researcher chose to work offline. */
  readonly refreshPlan = (): Promise<void> => {
    if (this.connection.getState().data?.manualOffline) return Promise.resolve();
    return this.plan.ask(() => this.client.invoke('plan:refresh', {}), []);
  };

  readonly setOffline = async (offline: boolean): Promise<void> => {
    this.connection.push(await this.client.invoke('connection:setOffline', { offline }));
    if (!offline) await this.refreshPlan();
  };

  readonly dismissNotice = async (id: string): Promise<void> => {
    this.appInfo.push(await this.client.invoke('app:dismissNotice', { id }));
  };

  /** Asks main where the team database connection stands (never returns the password). */
  readonly refreshTeam = async (): Promise<void> => {
    try {
      this.team.push(await this.client.invoke('team:get', {}));
    } catch {
      // The Team workspace could not be opened: the workspace table says why.
    }
  };
}
