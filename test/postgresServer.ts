// A real PostgreSQL for tests and benchmarks (no vitest here, so benches and child processes can
// use it; test/postgres.ts adds the test helpers): one server per test file (or bench run), on a
// temporary folder and a free loopback port, started with Debian's initdb + pg_ctl and deleted
// afterwards. Nothing is fixed (folder, port, socket), so runs side by side never meet, and a
// folder left by a crashed run is swept the next time (its owning process is gone).
//
// initdb refuses to run as root, and CI and this machine run as root: then the server runs as
// the `postgres` system user (Debian's package creates it), in a folder it owns under /tmp.
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { scramVerifier } from '../src/main/team/adminSql';

const run = promisify(execFile);
const FOLDER_PREFIX = 'scout-pg-';
const OWNER_FILE = 'owner.json';

/** The newest installed PostgreSQL's bin folder, or why there is none. */
export function findPostgres(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, v, 'bin');
    if (hasTools(bin)) return { bin };
  }
  return { missing: 'PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): run `npm run bootstrap`, which installs Debian\'s postgresql' };
}

function hasTools(bin: string): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((t) => fs.existsSync(path.join(bin, t)));
}

const found = findPostgres();
/** Why PostgreSQL tests are skipped here, or null when they run. */
export const postgresMissing: string | null = 'missing' in found ? found.missing : null;

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL tool as the user the server runs as. */
async function tool(bin: string, name: string, args: string[], cwd: string): Promise<string> {
  const file = path.join(bin, name);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    const { stdout, stderr } = await run(command, argv, { cwd, env: { ...process.env, LC_ALL: 'C' }, timeout: 60_000 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
  }
}

function postgresIds(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, but there is no `postgres` system user to run the server as (Debian\'s postgresql package creates it).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A loopback port nothing listens on now (the server start retries with another if it is taken meanwhile). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether a process runs (a zombie no longer does: where PID 1 does not reap, they linger). */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; the state follows the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) said it runs
  }
}

const TEMPLATE_TAG = 'v1'; // change when initdb's arguments change

/**
 * A cluster made by initdb once per machine (and PostgreSQL install), copied for each server:
 * initdb takes most of a start (about 1.5 s), a copy about 0.1 s. Built under a temporary name
 * and renamed into place whole, so a crash while building leaves no half template behind.
 */
async function clusterTemplate(base: string, bin: string): Promise<string> {
  const tag = createHash('sha256').update(`${bin}|${TEMPLATE_TAG}|${process.getuid?.() ?? ''}`).digest('hex').slice(0, 12);
  const ready = path.join(base, `scout-pgtemplate-${tag}`);
  const data = path.join(ready, 'data');
  if (fs.existsSync(path.join(data, 'PG_VERSION'))) return data;
  const building = fs.mkdtempSync(path.join(base, FOLDER_PREFIX));
  fs.writeFileSync(path.join(building, OWNER_FILE), JSON.stringify({ pid: process.pid }));
  const pwfile = path.join(building, 'pw');
  fs.writeFileSync(pwfile, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600 });
  if (asRoot) {
    const { uid, gid } = postgresIds();
    for (const p of [building, pwfile]) fs.chownSync(p, uid, gid);
  }
  try {
    await tool(bin, 'initdb', ['-D', path.join(building, 'data'), '-U', 'scout_admin', `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'], building);
    fs.rmSync(pwfile);
    fs.rmSync(path.join(building, OWNER_FILE));
    fs.renameSync(building, ready);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    // Another test file built it meanwhile: use theirs.
    if (fs.existsSync(path.join(data, 'PG_VERSION'))) return data;
    throw error;
  }
  return data;
}

/** Stops and deletes servers left by runs whose process is gone (a crash, a kill -9). */
async function sweepStale(base: string, bin: string): Promise<void> {
  for (const name of fs.readdirSync(base)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const dir = path.join(base, name);
    let owner: number;
    try {
      owner = (JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as { pid: number }).pid;
    } catch {
      continue; // being created right now, or not ours
    }
    if (processRunning(owner)) continue;
    if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) {
      await tool(bin, 'pg_ctl', ['stop', '-D', path.join(dir, 'data'), '-m', 'immediate', '-w'], dir).catch(() => undefined);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ConnectionSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface TestPostgres {
  readonly port: number;
  readonly version: string;
  /** The superuser, as an agency's admin would connect (password over loopback TCP). */
  admin(database?: string): ConnectionSettings;
  /** `postgres://…` for the admin, for code that reads a URL from the environment. */
  adminUrl(database?: string): string;
  /** One statement as the admin, on a connection of its own. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[], database?: string): Promise<pg.QueryResult<R>>;
  /** A fresh database (one per test keeps tests apart on one server). */
  createDatabase(prefix?: string): Promise<string>;
  /** Ends every connection (but the admin's own) matching the filter; how many were ended. */
  killConnections(filter?: { user?: string; database?: string; applicationName?: string }): Promise<number>;
  /** Stops the server and starts it again on the same port: `immediate` is a crash, `fast` a clean restart. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (it stays stopped until `start`): for tests of a team database that cannot be reached. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  startServer(): Promise<void>;
  /** The server's log so far (for tests that a secret never reached it). */
  log(): string;
  /** The temporary folder holding its data, socket and log. */
  readonly folder: string;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra server settings (`-c name=value`), e.g. `{ log_statement: 'all' }`. */
  settings?: Record<string, string>;
}

/** Starts a PostgreSQL of its own. Throws when the binaries are absent (guard with `postgresMissing`). */
export async function startPostgres(options: StartOptions = {}): Promise<TestPostgres> {
  if ('missing' in found) throw new Error(found.missing);
  const bin = found.bin;
  // As root, the folder must be reachable by the postgres user: /tmp, not a private TMPDIR.
  const base = asRoot ? '/tmp' : os.tmpdir();
  await sweepStale(base, bin);
  const dir = fs.mkdtempSync(path.join(base, FOLDER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid }));
  const data = path.join(dir, 'data');
  const sockets = path.join(dir, 'sock');
  const logFile = path.join(dir, 'server.log');
  fs.mkdirSync(sockets);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    for (const p of [dir, sockets]) fs.chownSync(p, uid, gid);
  }
  const superuser = 'scout_admin';
  // Each server gets a password of its own, set once it runs (the copied cluster's is unknown).
  const password = randomBytes(18).toString('base64url');
  let stopped = true;
  let closed = false;
  try {
    const template = await clusterTemplate(base, bin);
    await run('cp', ['-a', template, data]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const version = fs.readFileSync(path.join(data, 'PG_VERSION'), 'utf8').trim();

  // fsync off: a crash of this process's server (an immediate stop) still keeps every commit in
  // the OS page cache, which is all the fault tests need; synchronous_commit stays on for that.
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: sockets,
    fsync: 'off',
    full_page_writes: 'off',
    max_connections: '120',
    ...options.settings,
  };
  const serverArgs = (port: number) => [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${quoteOption(v)}`)].join(' ');

  let port = 0;
  const startOn = async (p: number) => {
    await tool(bin, 'pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '30', '-o', serverArgs(p)], dir);
    stopped = false;
  };
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await startOn(port);
      // Over the Unix socket (trust, in a folder only the server's user can reach); the
      // password travels as a SCRAM verifier.
      const local = new pg.Client({ host: sockets, port, user: superuser, database: 'postgres' });
      await local.connect();
      await local.query(`ALTER ROLE ${superuser} PASSWORD ${pg.escapeLiteral(scramVerifier(password))}`).finally(() => local.end());
      break;
    } catch (error) {
      const taken = /could not bind|address already in use/i.test(readLog(logFile));
      if (!taken || attempt >= 5) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  const stopServer = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (stopped) return;
    await tool(bin, 'pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '30'], dir);
    stopped = true;
  };
  // A test process that exits without `close` (a failed hook) still leaves no server behind.
  const onExit = () => {
    if (!stopped) {
      const file = path.join(bin, 'pg_ctl');
      const args = ['stop', '-D', data, '-m', 'immediate', '-w'];
      try {
        execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'ignore', cwd: dir });
      } catch {
        // swept by the next run
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const admin = (database = 'postgres'): ConnectionSettings => ({ host: '127.0.0.1', port, user: superuser, password, database });
  const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], database?: string) => {
    const client = new pg.Client({ ...admin(database), connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined); // a restart under way: the query itself fails with it
    await client.connect();
    try {
      return await client.query<R>(sql, params);
    } finally {
      await client.end();
    }
  };
  let databases = 0;

  return {
    port,
    version,
    folder: dir,
    admin,
    adminUrl: (database = 'postgres') => `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    query,
    async createDatabase(prefix = 'team') {
      const name = `${prefix}_${++databases}_${randomBytes(3).toString('hex')}`;
      await query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      return name;
    },
    async killConnections(filter = {}) {
      const { rows } = await query<{ n: string }>(
        `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND ($1::text IS NULL OR usename = $1) AND ($2::text IS NULL OR datname = $2) AND ($3::text IS NULL OR application_name = $3)`,
        [filter.user ?? null, filter.database ?? null, filter.applicationName ?? null],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async restart(mode = 'fast') {
      await stopServer(mode);
      await startOn(port);
    },
    stopServer,
    startServer: () => startOn(port),
    log: () => readLog(logFile),
    async close() {
      if (closed) return;
      closed = true;
      process.removeListener('exit', onExit);
      await stopServer('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** A value inside pg_ctl's -o string, which the server splits on spaces. */
function quoteOption(value: string): string {
  return /[\s'\\]/.test(value) ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : value;
}
