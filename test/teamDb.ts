// A team database on a test PostgreSQL, set up the way an admin would (init, the migrations,
// one role per researcher with its own password), and pools connected as those researchers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { addResearcherSql, initSql, scramVerifier } from '../src/main/team/adminSql';
import { createTeamPool, type TeamConnection, type TeamPoolOptions } from '../src/main/team/pool';
import { teamMigrations } from '../src/main/team/schema';
import { migrateTeamSchema } from '../src/main/team/schema/migrate';
import type { TestPostgres } from './postgresServer';

export interface Researcher {
  role: string;
  name: string;
  connection: TeamConnection;
  /** A pool connected as this researcher (closed with the team database). */
  pool(options?: TeamPoolOptions): pg.Pool;
  /** One connection as this researcher, for statements a test expects to be refused. */
  client(): Promise<pg.Client>;
}

export interface TeamDatabase {
  database: string;
  /** A pool as the admin (superuser). */
  admin: pg.Pool;
  addResearcher(name?: string): Promise<Researcher>;
  close(): Promise<void>;
}

let researchers = 0;

/** A fresh database; `migrated: false` leaves it with roles and schema but no tables. */
export async function teamDatabase(server: TestPostgres, options: { migrated?: boolean } = {}): Promise<TeamDatabase> {
  const database = await server.createDatabase('team');
  const admin = new pg.Pool({ ...server.admin(database), max: 3 });
  admin.on('error', () => undefined);
  admin.on('connect', (c) => c.on('error', () => undefined)); // as createTeamPool, for the same reason
  const client = await admin.connect();
  try {
    await client.query(initSql());
    if (options.migrated !== false) await migrateTeamSchema(client, teamMigrations);
  } finally {
    client.release();
  }
  const pools: pg.Pool[] = [admin];
  const clients: pg.Client[] = [];
  return {
    database,
    admin,
    async addResearcher(name) {
      // Roles are per server, databases per test: a role name of its own for each.
      const role = `r${++researchers}_${randomBytes(3).toString('hex')}`;
      const password = randomBytes(18).toString('base64url');
      const display = name ?? role;
      await admin.query(addResearcherSql({ role, displayName: display }, scramVerifier(password)));
      const connection: TeamConnection = { host: '127.0.0.1', port: server.port, database, user: role, password };
      return {
        role,
        name: display,
        connection,
        pool(poolOptions) {
          const pool = createTeamPool(connection, { applicationName: `test-${role}`, ...poolOptions });
          pools.push(pool);
          return pool;
        },
        async client() {
          const c = new pg.Client({ ...connection, connectionTimeoutMillis: 5_000 });
          c.on('error', () => undefined);
          await c.connect();
          clients.push(c);
          return c;
        },
      };
    },
    async close() {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    },
  };
}

/** Waits for a condition, asking again every 20 ms; fails after `timeoutMs` saying what it waited for. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
