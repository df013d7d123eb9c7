// The connection to a team database: a small `pg` pool with timeouts on connecting, on every
// statement and on idle transactions, TLS with certificate verification for anything but
// loopback, and one retry rule for the failures that mean "the server went away" (a restart, a
// terminated connection, a refused one) — every team write is idempotent, so retrying is safe.
import { isIP } from 'node:net';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type pg from 'pg';
import { pgModule } from './pgModule';
import { TeamError } from '../kernel/teamErrors';

export interface TeamConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** PEM of the CA the server's certificate chains to, when it is not one the system trusts. */
  ca?: string;
}

export interface TeamPoolOptions {
  /** Connections per laptop: a claim, a heartbeat and a pull side by side. */
  max?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
}

/** Loopback (or a Unix socket folder): the only places a connection may go without TLS. */
export function isLoopback(host: string): boolean {
  if (host.startsWith('/')) return true;
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1';
  return false;
}

export function teamPoolConfig(c: TeamConnection, options: TeamPoolOptions = {}): pg.PoolConfig {
  const statementTimeout = options.statementTimeoutMs ?? 10_000;
  return {
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    password: c.password,
    ssl: isLoopback(c.host) ? false : { rejectUnauthorized: true, servername: isIP(c.host) ? undefined : c.host, ...(c.ca ? { ca: c.ca } : {}) },
    max: options.max ?? 4,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    // The server ends a statement that runs too long; the client gives up a little later, for a
    // server that cannot even say so.
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 2_000,
    lock_timeout: statementTimeout,
    idle_in_transaction_session_timeout: statementTimeout * 2,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: options.applicationName ?? 'scout',
  };
}

/** A pool whose idle connections dying (a server restart) is expected, not a crash of the app. */
export function createTeamPool(c: TeamConnection, options: TeamPoolOptions = {}): pg.Pool {
  const pool = new (pgModule().Pool)(teamPoolConfig(c, options));
  // Without a listener, an idle client's error (the server restarting) is thrown from the pool.
  pool.on('error', () => undefined);
  // And every client listens from birth, checked out or not: pg-pool stops listening for a client
  // as it hands it over, and a server shutting down can send "ready" and "terminating
  // connection" in one packet — the second is emitted before the caller's `await` resumes, so
  // a listener its caller adds comes too late. The statement under way, or the next one, fails
  // with the same error; nothing is lost by not throwing it from the socket.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** A failure that says nothing about the statement, only that the server could not be asked. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (connectionCodes.has(code)) return true;
    // 08: connection exception; 57P01–57P03: the server is shutting down, crashed or starting.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly/i.test(error.message);
}

/** Retries what failed for want of a server, a few times over about four seconds (a restart). */
const reconnecting = retry(
  handleWhen((e) => isConnectionError(e)),
  { maxAttempts: 5, backoff: new ExponentialBackoff({ initialDelay: 100, maxDelay: 1_500 }) },
);

/**
 * Runs an idempotent piece of team work, retrying it while the server is away; still away
 * afterwards: TEAM_UNREACHABLE. A refusal by the database is said as TEAM_REFUSED.
 */
export async function teamCall<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await reconnecting.execute(work);
  } catch (error) {
    throw asTeamError(what, error);
  }
}

export function asTeamError(what: string, error: unknown): Error {
  if (error instanceof TeamError) return error;
  if (isConnectionError(error)) {
    return new TeamError('TEAM_UNREACHABLE', `The team database cannot be reached, so Scout could not ${what}. Check the network, or ask the team's admin whether the database is running.`, { cause: error });
  }
  if (error instanceof pgModule().DatabaseError) {
    return new TeamError('TEAM_REFUSED', `The team database refused to ${what}: ${error.message}.`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** A transaction on one pooled connection: committed when `work` resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  // Its 'error' event is listened to by the pool (createTeamPool); the next statement fails with it.
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    broken = isConnectionError(error);
    if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    // A connection that failed mid-transaction is not handed to the next caller.
    client.release(broken ? true : undefined);
  }
}
