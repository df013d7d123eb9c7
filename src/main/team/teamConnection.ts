// The Team workspace's connection to its team database: the settings the researcher saved (in
// the workspace's meta; the password in the OS keychain, entry `team-db`), one pool over them,
// and a status said in words — connected as whom, or what is wrong and what to do about it.
// It checks on its own: while the server cannot be reached it tries again with a growing pause,
// while connected it looks again now and then; it closes its pool when the workspace closes.
//
// Its `gate` is the kernel's TeamGate for the Team workspace: it claims through the current
// pool, and refuses (TEAM_NOT_CONNECTED) when there is no working connection to claim with, so
// a Team workspace never buys without asking the team — unless the server merely cannot be
// reached and the researcher confirmed buying anyway (the kernel's TEAM_UNREACHABLE path).
import type pg from 'pg';
import { ScoutError } from '@shared/errors';
import { teamSettingsSchema, type TeamSettings, type TeamStatus, type TeamView } from '@shared/team';
import type { CredentialStore } from '../platform/credentials/credentialStore';
import type { WorkspaceMeta } from '../platform/cache/workspaceMeta';
import { TEAM_SETTINGS_KEY } from '../platform/cache/backups';
import type { Logger } from '../platform/log';
import type { HeldClaim } from './claims';
import { TeamError } from '../kernel/teamErrors';
import { PostgresTeamGate, teamTiming, type TeamGate, type TeamTiming } from './gate';
import { TEAM_SCHEMA } from './names';
import { createTeamPool, isConnectionError, isLoopback, type TeamPoolOptions } from './pool';
import type { RecordBody, TeamItem } from './records';
import { teamMigrations } from './schema';
import { assertTeamSchemaCurrent } from './schema/migrate';
import type { ClaimOptions, ClaimTokens } from './claims';
import type { TeamLedger } from './teamLedger';
import type { BalanceKind } from '@shared/balances';

const META_SETTINGS = TEAM_SETTINGS_KEY;
const PASSWORD_ENTRY = 'team-db';

export interface TeamConnectorOptions {
  pool?: TeamPoolOptions;
  /** The claims' lease and the kernel's timing (tests shorten them). */
  gate?: ClaimOptions & Partial<TeamTiming>;
  /** While unreachable: the first pause before trying again, doubled each time up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** While connected: how often to look again (a server gone, a researcher removed). */
  recheckMs?: number;
}

export interface TeamConnectorDeps {
  meta: WorkspaceMeta;
  secrets: Pick<CredentialStore, 'getSecret' | 'setSecret' | 'deleteSecret'>;
  logger: Logger;
  /** Every change of settings or status, for the `team:changed` event. */
  onChange: (view: TeamView) => void;
  options?: TeamConnectorOptions;
  now?: () => number;
  /** The workspace's team ledger: its queued spends are pushed before a monthly limit is read. */
  ledger?: TeamLedger;
  /** Where this laptop writes down its claims' tokens (the workspace's file: a restart keeps them). */
  claimTokens?: ClaimTokens;
}

/** How long closing waits for the pool's last check or queries before leaving it to end on its own. */
const CLOSE_WAIT_MS = 2_000;

/** States in which Scout waits for the researcher (or the admin) before it asks again by itself. */
const needsAction = new Set<TeamStatus['state']>(['not-configured', 'wrong-password', 'refused']);

export class TeamConnector {
  /** The kernel's gate for the Team workspace (see the file's header). */
  readonly gate: TeamGate;
  readonly timing: TeamTiming;
  private current: { key: string; pool: pg.Pool; gate: PostgresTeamGate } | null = null;
  private state: TeamStatus;
  private checking: Promise<TeamStatus> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  /** The keychain's password, once read (registered for redaction as it is read). */
  private password: { value: string | null } | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: TeamConnectorDeps) {
    this.now = deps.now ?? Date.now;
    this.timing = teamTiming(deps.options?.gate);
    this.gate = new ConnectedGate(this);
    this.state = this.settings() ? status('connecting', 'Connecting to the team database…') : notConfigured();
  }

  /** The saved settings; null when none (or when what is saved no longer reads as settings). */
  settings(): TeamSettings | null {
    const saved = this.deps.meta.get<unknown>(META_SETTINGS)?.value;
    const parsed = teamSettingsSchema.safeParse(saved);
    return parsed.success ? { ...parsed.data, ca: parsed.data.ca ?? null } : null;
  }

  status(): TeamStatus {
    return this.state;
  }

  /** The pool of the current settings, or null before any (the sync engine reads through it). */
  pool(): pg.Pool | null {
    return this.current?.pool ?? null;
  }

  /** The settings (never the password), whether a password is saved, and the status. */
  async view(): Promise<TeamView> {
    await this.readPassword().catch(() => undefined);
    return this.snapshot();
  }

  /** Starts the first check (the registry calls it when it opens the workspace). */
  start(): void {
    if (this.settings()) void this.check();
  }

  /**
   * Saves the settings (and a new password, to the keychain), then connects with them. A new
   * password is kept only in the keychain and in the pool's configuration.
   */
  async configure(settings: TeamSettings, password?: string): Promise<TeamView> {
    if (password !== undefined) {
      await this.deps.secrets.setSecret(PASSWORD_ENTRY, password);
      this.password = { value: password };
    }
    this.deps.meta.set(META_SETTINGS, { host: settings.host, port: settings.port, database: settings.database, user: settings.user, ca: settings.ca ?? null });
    this.failures = 0;
    this.deps.logger.info(`team database: settings saved (${settings.user}@${settings.host}:${settings.port}/${settings.database})`);
    // A check under way (a retry of the settings before) answers for those settings, not these:
    // it is let finish, then these are checked (sharing it said "unreachable" for a right address).
    await this.checking?.catch(() => undefined);
    await this.check();
    return this.snapshot();
  }

  /**
   * Checks the connection now: reachable, the schema current, the role a researcher. Two asks at
   * once share one check.
   */
  check(): Promise<TeamStatus> {
    this.checking ??= this.checkOnce().finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * Closes the pool. A check or a query the server is slow to answer (a long lock, a server that
   * does not answer) is waited for at most `waitMs`: the pool ends on its own after that, and a
   * closing Scout does not wait out its timeouts.
   */
  async close(waitMs = CLOSE_WAIT_MS): Promise<void> {
    this.closed = true;
    this.clearTimer();
    const current = this.current;
    const ended = (async () => {
      await this.checking?.catch(() => undefined);
      this.current = null;
      await current?.pool.end().catch(() => undefined);
    })();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    this.current = null;
  }

  /**
   * The gate of a working connection, for a paid call: checked first when the last check found
   * something the admin may have fixed since; refused when there is none.
   */
  async gateForPaidCall(): Promise<PostgresTeamGate> {
    if (this.checking) await this.checking;
    if (this.state.state === 'connecting' || this.state.state === 'not-set-up' || this.state.state === 'not-a-researcher' || this.state.state === 'schema-newer') await this.check();
    const current = this.current;
    if (current && (this.state.state === 'connected' || this.state.state === 'unreachable')) return current.gate;
    throw new ScoutError({
      code: 'TEAM_NOT_CONNECTED',
      message: `Scout buys nothing in the Team workspace without asking the team database first, and it is not connected: ${this.state.message} Connect in Settings → Team database. Nothing was spent.`,
    });
  }

  /** The current pool's gate for a claim already held; none: the team cannot be asked. */
  heldGate(): PostgresTeamGate {
    if (!this.current) throw new TeamError('TEAM_UNREACHABLE', 'The team database connection is closed.');
    return this.current.gate;
  }

  /** A paid call found the server away, or back: look again at once rather than at the next round. */
  noticed(reachable: boolean): void {
    if (this.closed) return;
    if (reachable !== (this.state.state === 'connected')) void this.check();
  }

  private snapshot(): TeamView {
    return { workspace: 'team', settings: this.settings(), passwordSaved: this.password?.value != null, status: this.state };
  }

  private async readPassword(): Promise<string | null> {
    this.password ??= { value: await this.deps.secrets.getSecret(PASSWORD_ENTRY) };
    return this.password.value;
  }

  private async checkOnce(): Promise<TeamStatus> {
    if (this.closed) return this.state;
    this.clearTimer();
    const next = await this.probe();
    if (this.closed) return this.state;
    this.failures = next.state === 'unreachable' ? this.failures + 1 : 0;
    const delay = this.nextCheckIn(next);
    const withRetry = { ...next, retryAt: next.state === 'unreachable' && delay !== null ? this.now() + delay : null };
    this.publish(withRetry);
    if (delay !== null) {
      this.timer = setTimeout(() => void this.check(), delay);
      this.timer.unref();
    }
    return this.state;
  }

  private nextCheckIn(next: TeamStatus): number | null {
    const options = this.deps.options ?? {};
    if (needsAction.has(next.state)) return null;
    if (next.state === 'unreachable') {
      const first = options.firstRetryMs ?? 1_000;
      return Math.min(options.maxRetryMs ?? 30_000, first * 2 ** Math.min(this.failures - 1, 16));
    }
    // Connected, or waiting for the admin (set up, upgrade, add the researcher): look again now and then.
    return next.state === 'connected' ? (options.recheckMs ?? 30_000) : (options.maxRetryMs ?? 30_000);
  }

  private async probe(): Promise<TeamStatus> {
    const settings = this.settings();
    if (!settings) return notConfigured();
    let password: string | null;
    try {
      password = await this.readPassword();
    } catch (error) {
      if (!(error instanceof ScoutError)) throw error;
      return status('refused', `${error.message}`);
    }
    if (password === null) return status('not-configured', 'Enter your database password in Settings → Team database: Scout keeps it in the system keychain.');
    const pool = this.poolFor(settings, password);
    try {
      const schemaVersion = await assertTeamSchemaCurrent(pool, teamMigrations);
      const asked = this.now();
      const { rows } = await pool.query<{ display_name: string; server_ms: number }>(
        `SELECT display_name, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS server_ms FROM ${TEAM_SCHEMA}.researchers WHERE role_name = session_user`,
      );
      const answered = this.now();
      const name = rows[0]?.display_name;
      if (typeof name !== 'string' || name.length === 0 || name.length > 120) {
        return status(
          'not-a-researcher',
          `The database user ${settings.user} signs in, but is not one of the team's researchers. Ask the team's admin to run \`npm run team -- add-researcher ${settings.user}\`.`,
        );
      }
      const clock = clockWarning(rows[0]?.server_ms, asked, answered);
      return { ...status('connected', `Connected as ${name}.${clock ? ` ${clock}` : ''}`), researcherName: name, schemaVersion };
    } catch (error) {
      const said = describeFailure(error, settings);
      if (said.state !== 'connected') this.deps.logger.info(`team database: ${said.state}: ${said.message}`);
      return said;
    }
  }

  /** One pool per settings and password; a change ends the old one (its calls finish first). */
  private poolFor(settings: TeamSettings, password: string): pg.Pool {
    const key = JSON.stringify([settings.host, settings.port, settings.database, settings.user, settings.ca, password]);
    if (this.current?.key === key) return this.current.pool;
    const old = this.current;
    const pool = createTeamPool({ ...settings, ca: settings.ca ?? undefined, password }, { applicationName: 'scout', ...this.deps.options?.pool });
    this.current = { key, pool, gate: new PostgresTeamGate(pool, {
        ...this.deps.options?.gate,
        ...(this.deps.ledger ? { ledger: this.deps.ledger } : {}),
        ...(this.deps.claimTokens ? { tokens: this.deps.claimTokens } : {}),
      }),
    };
    void old?.pool.end().catch(() => undefined);
    return pool;
  }

  private publish(next: TeamStatus): void {
    const before = this.state;
    this.state = { ...next, checkedAt: this.now() };
    // Connected as before but to another database (new settings) is news too.
    const settings = JSON.stringify(this.settings());
    const same = before.state === next.state && before.message === next.message && before.retryAt === next.retryAt && settings === this.publishedSettings;
    this.publishedSettings = settings;
    if (!same) this.deps.onChange(this.snapshot());
  }

  /** The settings the last change told was about. */
  private publishedSettings: string | null = null;

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** How far this computer's clock may be off the team database's before the researcher is told. */
export const CLOCK_TOLERANCE_MS = 2 * 60_000;

/**
 * What to tell a researcher whose computer's clock is off the team database's by more than the
 * tolerance (null: it is not, or the answer holds no time). The team database stamps what decides
 * (purchases, spends, claims) with its own clock, so nothing is refused or miscounted; but times
 * this laptop shows would not agree with a teammate's.
 */
export function clockWarning(serverMs: unknown, askedAt: number, answeredAt: number): string | null {
  if (typeof serverMs !== 'number' || !Number.isFinite(serverMs)) return null;
  // The server read its clock somewhere between the question and the answer: take the middle.
  const off = (askedAt + answeredAt) / 2 - serverMs;
  if (Math.abs(off) <= CLOCK_TOLERANCE_MS + (answeredAt - askedAt) / 2) return null;
  const minutes = Math.round(Math.abs(off) / 60_000);
  const amount = minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  return (
    `This computer's clock is ${amount} ${off > 0 ? 'ahead of' : 'behind'} the team database's. ` +
    `Scout dates what you buy and spend by the team database's clock, so nothing is lost or counted twice, but set this computer's date and time right so the times you see agree with your teammates'.`
  );
}

function status(state: TeamStatus['state'], message: string): TeamStatus {
  return { state, message, researcherName: null, schemaVersion: null, checkedAt: null, retryAt: null };
}

function notConfigured(): TeamStatus {
  return status('not-configured', 'Not connected yet: enter the team database’s address, your user name and password in Settings → Team database.');
}

const tlsCodes = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

/** What a failed check means, in words, from pg's or Node's error (never its connection settings' password). */
export function describeFailure(error: unknown, settings: TeamSettings): TeamStatus {
  const where = `${settings.host}:${settings.port}`;
  if (error instanceof TeamError) {
    if (error.code === 'TEAM_SCHEMA_FROM_FUTURE') return status('schema-newer', error.message);
    if (error.code === 'TEAM_SCHEMA_BEHIND') return status('not-set-up', error.message);
    return status('refused', error.message);
  }
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && tlsCodes.test(code)) {
    return status(
      'refused',
      `Scout could not verify the team database’s certificate at ${where} (${code}), so it did not connect. If your team uses its own certificate authority, paste its CA certificate in Settings → Team database.`,
    );
  }
  if (/does not support SSL/i.test(text) && !isLoopback(settings.host)) {
    return status('refused', `The team database at ${where} does not accept encrypted connections, and Scout reaches a server on another computer only over TLS. Ask the team’s admin to turn on ssl.`);
  }
  if (isConnectionError(error)) {
    return status('unreachable', `The team database at ${where} cannot be reached (${reachability(code, text)}). Scout tries again by itself; reading and work on this computer go on.`);
  }
  switch (code) {
    case '28P01':
      return status('wrong-password', `The team database refused the user name ${settings.user} or its password. Check both in Settings → Team database; the team’s admin can set a new password.`);
    case '28000':
      return status('refused', `The team database does not let ${settings.user} sign in from this computer. Ask the team’s admin to allow it (pg_hba.conf).`);
    case '3D000':
      return status('not-set-up', `There is no database “${settings.database}” at ${where}. Check its name, or ask the team’s admin to create it and run \`npm run team -- init\`.`);
    case '42501':
      return status('not-a-researcher', `The database user ${settings.user} may not use the team database. Ask the team’s admin to run \`npm run team -- add-researcher ${settings.user}\`.`);
  }
  return status('refused', `The team database refused the connection: ${text.slice(0, 300)}`);
}

function reachability(code: unknown, text: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing answers on that port';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name is not known';
    case 'ETIMEDOUT':
      return 'it did not answer in time';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no network route to it';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was cut';
  }
  if (typeof code === 'string' && code.startsWith('57P')) return 'the server is shutting down or starting';
  if (/timeout/i.test(text)) return 'it did not answer in time';
  return 'the connection failed';
}

/** The kernel's gate: the current pool's, or a refusal (see the file's header). */
class ConnectedGate implements TeamGate {
  constructor(private readonly connector: TeamConnector) {}

  get timing(): TeamTiming {
    return this.connector.timing;
  }

  async claim(item: TeamItem, withinDays: number | null, unusable: readonly number[] = []) {
    const gate = await this.connector.gateForPaidCall();
    try {
      const outcome = await gate.claim(item, withinDays, unusable);
      this.connector.noticed(true);
      return outcome;
    } catch (error) {
      if (error instanceof TeamError && error.code === 'TEAM_UNREACHABLE') this.connector.noticed(false);
      throw error;
    }
  }
  async confirm(claim: HeldClaim, needMs: number) {
    return this.connector.heldGate().confirm(claim, needMs);
  }
  keepAlive(claim: HeldClaim, everyMs: number, onLost: (why: 'taken' | 'unreachable') => void) {
    try {
      return this.connector.heldGate().keepAlive(claim, everyMs, onLost);
    } catch {
      onLost('unreachable');
      return { stop: () => undefined };
    }
  }
  async complete(claim: HeldClaim, fetchedAt: Date, body: RecordBody) {
    return this.connector.heldGate().complete(claim, fetchedAt, body);
  }
  async release(claim: HeldClaim) {
    return this.connector.heldGate().release(claim);
  }
  async recordJson(item: TeamItem, seq: number) {
    return this.connector.heldGate().recordJson(item, seq);
  }
  async recordBytes(item: TeamItem, seq: number) {
    return this.connector.heldGate().recordBytes(item, seq);
  }
  async allowance(balance: BalanceKind) {
    return (await this.connector.gateForPaidCall()).allowance(balance);
  }
  async assertConnected() {
    await this.connector.gateForPaidCall();
  }
}
