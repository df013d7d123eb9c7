// Numbered migrations of the team schema, like the local cache's (cache/migrate.ts): every
// pending one runs in one transaction, so the schema is either fully at the new version or
// untouched, and a schema newer than this Scout knows is refused, never touched. A transaction-
// long advisory lock queues two admins (or two laptops) upgrading at once: the second finds
// nothing left to do. They run as the schema's owner, which only the admin can act as.
import type pg from 'pg';
import { TeamError } from '../../kernel/teamErrors';
import { LOCK_SPACE, LOCKS, OWNER_ROLE, TEAM_SCHEMA } from '../names';

export interface TeamMigration {
  /** The file's number (0010, 0020 …); schema_migrations holds every one applied. */
  version: number;
  name: string;
  /** Plain SQL, so the admin can read (or run) exactly what Scout would run. */
  sql: string;
}

export function latestTeamVersion(migrations: readonly TeamMigration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

function assertWellFormed(migrations: readonly TeamMigration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new Error(`Team migrations must be listed in strictly increasing order: ${m.version} (${m.name}) after ${previous}.`);
    }
    previous = m.version;
  }
}

const lockSql = `SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${LOCKS.migrations});`;
const asOwnerSql = `SET LOCAL ROLE ${OWNER_ROLE};`;
const recordSql = (m: TeamMigration) => `INSERT INTO ${TEAM_SCHEMA}.schema_migrations (version, name) VALUES (${m.version}, '${m.name.replace(/'/g, "''")}');`;

/** The script that applies `migrations` after `fromVersion`, as an admin would run it in psql. */
export function migrationScript(migrations: readonly TeamMigration[], fromVersion = 0): string {
  assertWellFormed(migrations);
  const pending = migrations.filter((m) => m.version > fromVersion);
  const parts = ['BEGIN;', lockSql, asOwnerSql];
  for (const m of pending) parts.push(`-- ${String(m.version).padStart(4, '0')} ${m.name}`, m.sql.trim(), recordSql(m));
  parts.push('COMMIT;');
  return parts.join('\n');
}

/** The version the team schema is at: 0 when it has no migrations yet (or no schema). */
export async function teamSchemaVersion(client: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('${TEAM_SCHEMA}.schema_migrations') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  const version = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${TEAM_SCHEMA}.schema_migrations`);
  const v = version.rows[0]?.v ?? null;
  if (v !== null && (!Number.isInteger(v) || v < 0)) throw new TeamError('TEAM_BAD_DATA', 'The team schema reports a version that is not one.');
  return v ?? 0;
}

function refuseFuture(current: number, latest: number): void {
  if (current > latest) {
    throw new TeamError(
      'TEAM_SCHEMA_FROM_FUTURE',
      `The team database was upgraded by a newer version of Scout (team schema version ${current}; this version knows up to ${latest}). Update Scout to work with it. Nothing was changed.`,
    );
  }
}

/**
 * Applies what is pending, as the schema's owner, and returns the versions applied. The version
 * that decides is read under the lock, inside the transaction.
 */
export async function migrateTeamSchema(client: pg.ClientBase, migrations: readonly TeamMigration[]): Promise<number[]> {
  assertWellFormed(migrations);
  const latest = latestTeamVersion(migrations);
  await client.query('BEGIN');
  try {
    await client.query(lockSql);
    const { rows } = await client.query<{ schema: boolean; owner: boolean }>(
      `SELECT to_regnamespace($1) IS NOT NULL AS schema, pg_has_role(session_user, $2, 'MEMBER') AS owner`,
      [TEAM_SCHEMA, OWNER_ROLE],
    );
    const found = rows[0];
    if (!found?.owner) {
      throw new TeamError('TEAM_NOT_ADMIN', `Only the team's admin can create or upgrade the team schema (this connection cannot act as ${OWNER_ROLE}). Nothing was changed.`);
    }
    if (!found.schema) {
      throw new TeamError('TEAM_SCHEMA_BEHIND', `This database has no team schema yet: the admin creates it with \`npm run team -- init\`. Nothing was changed.`);
    }
    await client.query(asOwnerSql);
    const current = await teamSchemaVersion(client);
    refuseFuture(current, latest);
    const pending = migrations.filter((m) => m.version > current);
    for (const m of pending) {
      await client.query(m.sql);
      await client.query(recordSql(m));
    }
    await client.query('COMMIT');
    return pending.map((m) => m.version);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * For a researcher's Scout, which never changes the schema: fine when it is the version this
 * Scout knows; refused when newer (update Scout) or older (the admin upgrades it).
 */
export async function assertTeamSchemaCurrent(client: pg.ClientBase | pg.Pool, migrations: readonly TeamMigration[]): Promise<number> {
  const latest = latestTeamVersion(migrations);
  const current = await teamSchemaVersion(client);
  refuseFuture(current, latest);
  if (current < latest) {
    throw new TeamError(
      'TEAM_SCHEMA_BEHIND',
      current === 0
        ? 'The team database has no team schema yet: ask the team\'s admin to run `npm run team -- init`.'
        : `The team database is at schema version ${current}; this Scout needs ${latest}. Ask the team's admin to run \`npm run team -- migrate --apply\`.`,
    );
  }
  return current;
}
