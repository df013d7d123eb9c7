// The team schema's migrations against a real PostgreSQL: all or nothing, one upgrader at a
// time, a schema from a newer Scout refused, and only the admin may run them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { describeWithPostgres, startPostgres, type TestPostgres } from '../../../../test/postgres';
import { teamDatabase, waitUntil, type TeamDatabase } from '../../../../test/teamDb';
import { initSql } from '../adminSql';
import { LOCK_SPACE, LOCKS } from '../names';
import { teamMigrations } from './index';
import { assertTeamSchemaCurrent, latestTeamVersion, migrateTeamSchema, migrationScript, teamSchemaVersion, type TeamMigration } from './migrate';

const latest = latestTeamVersion(teamMigrations);

describeWithPostgres('team schema migrations', () => {
  let server: TestPostgres;
  const opened: TeamDatabase[] = [];
  const bare = async () => {
    const team = await teamDatabase(server, { migrated: false });
    opened.push(team);
    return team;
  };

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(opened.map((t) => t.close()));
    await server?.close();
  });

  it('creates every table once, at the version this Scout knows; a second run finds nothing to do', async () => {
    const team = await bare();
    const client = await team.admin.connect();
    try {
      expect(await teamSchemaVersion(client)).toBe(0);
      expect(await migrateTeamSchema(client, teamMigrations)).toEqual(teamMigrations.map((m) => m.version));
      expect(await migrateTeamSchema(client, teamMigrations)).toEqual([]);
      expect(await teamSchemaVersion(client)).toBe(latest);
      const { rows } = await client.query<{ table_name: string; owner: string }>(
        `SELECT c.relname AS table_name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'scout_team' AND c.relkind IN ('r', 'v') ORDER BY 1`,
      );
      expect(rows).toEqual(['claim_holds', 'claims', 'ledger', 'ledger_entries', 'order_locks', 'records', 'records_set_aside', 'researchers', 'schema_migrations', 'shared_changes', 'watchlist_renewals', 'watchlist_runs'].map((table_name) => ({ table_name, owner: 'scout_owner' })));
    } finally {
      client.release();
    }
  });

  it('lets two admins upgrading at once queue: one applies, the other finds it done', async () => {
    const team = await bare();
    // A third connection holds the migrations' lock, so both upgraders are certainly waiting on
    // it at the same time before either may start.
    const holder = await team.admin.connect();
    const a = new pg.Client(server.admin(team.database));
    const b = new pg.Client(server.admin(team.database));
    await Promise.all([a.connect(), b.connect()]);
    try {
      await holder.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE, LOCKS.migrations]);
      const runs = Promise.all([migrateTeamSchema(a, teamMigrations), migrateTeamSchema(b, teamMigrations)]);
      await waitUntil('both upgraders to wait on the lock', async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1 AND objid = $2`,
          [LOCK_SPACE, LOCKS.migrations],
        );
        return rows[0]!.n === 2;
      });
      await holder.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, LOCKS.migrations]);
      const results = await runs;
      expect(results.map((r) => r.length).sort()).toEqual([0, teamMigrations.length]);
      const { rows } = await holder.query<{ version: number }>('SELECT version FROM scout_team.schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(teamMigrations.map((m) => m.version));
    } finally {
      holder.release();
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('refuses a team schema newer than this Scout knows, and changes nothing', async () => {
    const team = await teamDatabase(server);
    opened.push(team);
    await team.admin.query(`SET ROLE scout_owner; INSERT INTO scout_team.schema_migrations (version, name) VALUES (${latest + 1000}, 'from the future'); RESET ROLE;`);
    const client = await team.admin.connect();
    try {
      await expect(migrateTeamSchema(client, teamMigrations)).rejects.toMatchObject({ code: 'TEAM_SCHEMA_FROM_FUTURE' });
      expect(await teamSchemaVersion(client)).toBe(latest + 1000);
    } finally {
      client.release();
    }
    const ada = await team.addResearcher();
    await expect(assertTeamSchemaCurrent(ada.pool(), teamMigrations)).rejects.toMatchObject({ code: 'TEAM_SCHEMA_FROM_FUTURE' });
  });

  it('applies all pending migrations or none: a failing one leaves the database untouched', async () => {
    const team = await bare();
    const broken: TeamMigration = { version: latest + 10, name: 'broken', sql: 'CREATE TABLE scout_team.half (id int); SELECT 1 / 0;' };
    const client = await team.admin.connect();
    try {
      await expect(migrateTeamSchema(client, [...teamMigrations, broken])).rejects.toThrow(/division by zero/);
      const { rows } = await client.query<{ t: string | null; h: string | null }>(`SELECT to_regclass('scout_team.records')::text AS t, to_regclass('scout_team.half')::text AS h`);
      expect(rows[0]).toEqual({ t: null, h: null });
      expect(await teamSchemaVersion(client)).toBe(0);
    } finally {
      client.release();
    }
  });

  it('is the admin\'s to run: a researcher cannot, and is told when the schema is behind', async () => {
    const team = await bare();
    // A researcher row needs the researchers table: add it with the real schema, then go back.
    const full = await teamDatabase(server);
    opened.push(full);
    const ada = await full.addResearcher('Ada');
    const client = await ada.client();
    await expect(migrateTeamSchema(client, teamMigrations)).rejects.toMatchObject({ code: 'TEAM_NOT_ADMIN' });
    expect(await assertTeamSchemaCurrent(ada.pool(), teamMigrations)).toBe(latest);
    // On a database whose schema has no tables yet, the same role (roles are per server) is told to ask the admin.
    const behind = new pg.Client({ ...ada.connection, database: team.database });
    await behind.connect();
    try {
      await expect(assertTeamSchemaCurrent(behind, teamMigrations)).rejects.toMatchObject({ code: 'TEAM_SCHEMA_BEHIND', message: expect.stringContaining('npm run team -- init') });
    } finally {
      await behind.end();
    }
  });

  it('says to run init first on a database without the team schema', async () => {
    const database = await server.createDatabase('empty');
    const client = new pg.Client(server.admin(database));
    await client.connect();
    try {
      await expect(migrateTeamSchema(client, teamMigrations)).rejects.toMatchObject({ code: 'TEAM_SCHEMA_BEHIND', message: expect.stringContaining('init') });
    } finally {
      await client.end();
    }
  });

  it('prints the script it runs: the printed init and migrations, run as they are, build the same schema', async () => {
    const database = await server.createDatabase('printed');
    const client = new pg.Client(server.admin(database));
    await client.connect();
    try {
      await client.query(initSql());
      await client.query(migrationScript(teamMigrations));
      expect(await teamSchemaVersion(client)).toBe(latest);
      // And Scout's own run then finds it current.
      expect(await migrateTeamSchema(client, teamMigrations)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
