// `npm run team -- <command>`: what a team's admin needs to set up the team database. By default
// it prints the SQL (to read, or to run in psql); with --apply it runs it over the admin
// connection in SCOUT_TEAM_ADMIN_URL — from the environment, never the command line, so the
// admin's password does not land in shell history. A researcher's password is generated (or
// read from stdin), printed once, and sent to the server only as a SCRAM verifier.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { balanceKinds, type BalanceKind } from '@shared/balances';
import { addResearcherSql, generatePassword, initSql, limitChangesProblem, passwordProblem, researcherProblem, scramVerifier, setAsideProblem, setAsideSql, setLimitSql, type LimitChanges, type NewResearcher } from './adminSql';
import { TeamError } from '../kernel/teamErrors';
import { createTeamPool, isConnectionError, type TeamConnection } from './pool';
import { teamMigrations } from './schema';
import { latestTeamVersion, migrateTeamSchema, migrationScript } from './schema/migrate';

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export const ADMIN_URL_VARIABLE = 'SCOUT_TEAM_ADMIN_URL';

const usage = `Usage: npm run team -- <command> [--apply]

  init                     the roles (schema owner, researchers' group), the team schema and its tables
  migrate                  upgrade the team schema to this Scout's version
  add-researcher <role>    a researcher's own database role
      --name "Ada Lovelace"      their name as teammates see it (default: the role)
      --limit credits=200        a monthly limit on a balance (${balanceKinds.join(', ')}); repeatable
      --password-stdin           read their password from stdin instead of generating one
  set-limit <role> credits=200 …   a researcher's monthly limit per balance (balance=none removes
                           it); the others stay. Scout refuses a spend that would go past it.
  set-aside <seq> --reason "…"     a record teammates' Scouts no longer take in place of buying
                           (forged, or broken); the record stays, as records are never changed.

Without --apply, the SQL is printed (run it with psql). With --apply, it is run over the admin
connection in ${ADMIN_URL_VARIABLE} (postgres://admin:password@host:5432/database). Anything
but loopback is reached over TLS with the server's certificate verified: set SCOUT_TEAM_CA_FILE
to a PEM file when it is not signed by an authority this system trusts.`;

class UsageError extends Error {}

export async function runTeamCli(io: CliIo): Promise<number> {
  try {
    return await run(io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    // Messages of pg and of Scout name no password; the admin URL is never echoed.
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function run(io: CliIo): Promise<number> {
  // A connection string (and its password) belongs in the environment, not in shell history.
  if (io.argv.some((a) => /^postgres(ql)?:\/\//i.test(a) || /password=/i.test(a))) {
    throw new UsageError(`Pass the admin connection in ${ADMIN_URL_VARIABLE}, not on the command line (it would stay in your shell history).`);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: io.argv,
      allowPositionals: true,
      options: {
        apply: { type: 'boolean', default: false },
        name: { type: 'string' },
        limit: { type: 'string', multiple: true },
        'password-stdin': { type: 'boolean', default: false },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  if (values['password-stdin'] && !values.apply) throw new UsageError('--password-stdin goes with --apply (printed SQL sets the password with psql\'s \\password).');

  switch (command) {
    case 'init': {
      noMore(rest);
      if (!values.apply) {
        io.out(`${initSql()}\n\n${migrationScript(teamMigrations)}\n`);
        return 0;
      }
      return withAdmin(io, async (client) => {
        await client.query(initSql());
        const applied = await migrateTeamSchema(client, teamMigrations);
        io.out(applied.length > 0 ? `The team schema is ready (version ${latestTeamVersion(teamMigrations)}).\n` : `The team schema was already at version ${latestTeamVersion(teamMigrations)}; nothing to do.\n`);
      });
    }
    case 'migrate': {
      noMore(rest);
      if (!values.apply) {
        io.out(`-- For a database that has no team tables yet; --apply upgrades one at any earlier version.\n${migrationScript(teamMigrations)}\n`);
        return 0;
      }
      return withAdmin(io, async (client) => {
        const applied = await migrateTeamSchema(client, teamMigrations);
        io.out(applied.length > 0 ? `Upgraded the team schema: ${applied.join(', ')}.\n` : 'The team schema is up to date.\n');
      });
    }
    case 'add-researcher': {
      const [role, ...extra] = rest;
      if (!role) throw new UsageError('Which role? npm run team -- add-researcher <role>');
      noMore(extra);
      const researcher: NewResearcher = { role, displayName: values.name ?? role, monthlyLimits: limitsFrom(values.limit ?? []) };
      const problem = researcherProblem(researcher);
      if (problem) throw new UsageError(problem);
      if (!values.apply) {
        io.out(`${addResearcherSql(researcher, null)}\n`);
        return 0;
      }
      const supplied = values['password-stdin'] ? (await io.readStdin()).replace(/\r?\n$/, '') : null;
      const password = supplied ?? generatePassword();
      const weak = passwordProblem(password);
      if (weak) throw new UsageError(weak);
      return withAdmin(io, async (client, connection) => {
        await client.query(addResearcherSql(researcher, scramVerifier(password)));
        io.out(`Added ${researcher.displayName} (role ${role}). In Scout they connect to ${connection.host}:${connection.port}, database ${connection.database}, as ${role}.\n`);
        if (supplied === null) io.out(`Their password, shown this once (Scout keeps no copy; hand it to them privately):\n${password}\n`);
      });
    }
    case 'set-limit': {
      const [role, ...specs] = rest;
      if (!role) throw new UsageError('Whose limit? npm run team -- set-limit <role> credits=200');
      const changes = limitChangesFrom(specs);
      const problem = limitChangesProblem(role, changes);
      if (problem) throw new UsageError(problem);
      const sql = setLimitSql(role, changes);
      if (!values.apply) {
        io.out(`${sql}\n`);
        return 0;
      }
      return withAdmin(io, async (client) => {
        const results = (await client.query(sql)) as unknown as pg.QueryResult<{ display_name: string; monthly_limits: Record<string, number> }>[];
        const updated = results.find((r) => r.command === 'UPDATE');
        const row = updated?.rows[0];
        if (!row) throw new TeamError('TEAM_REFUSED', `No researcher has the role ${role} in this team; nothing was changed. Add them first: npm run team -- add-researcher ${role}`);
        const limits = Object.entries(row.monthly_limits).map(([k, v]) => `${k} ${v}`);
        io.out(`${row.display_name} (role ${role}): monthly limits ${limits.length > 0 ? limits.join(', ') : 'none'}.\n`);
      });
    }
    case 'set-aside': {
      const [seq, ...extra] = rest;
      if (!seq) throw new UsageError('Which record? npm run team -- set-aside <seq> --reason "forged: nobody bought this"');
      noMore(extra);
      const reason = values.reason ?? '';
      const problem = setAsideProblem(seq, reason);
      if (problem) throw new UsageError(problem);
      const sql = setAsideSql(seq, reason);
      if (!values.apply) {
        io.out(`${sql}\n`);
        return 0;
      }
      return withAdmin(io, async (client) => {
        const results = (await client.query(sql).catch(async (error: unknown) => {
          await client.query('ROLLBACK').catch(() => undefined);
          // The foreign key: no record has that number.
          if ((error as { code?: string }).code === '23503') throw new TeamError('TEAM_REFUSED', `No record has the number ${seq} in this team database; nothing was changed.`);
          throw error;
        })) as unknown as pg.QueryResult<{ seq: string; what: string | null }>[];
        const row = results.find((r) => r.command === 'INSERT')?.rows[0];
        io.out(`Record ${row?.seq ?? seq} (${row?.what ?? 'unknown'}) is set aside: teammates' Scouts no longer take it in place of buying.\n`);
      });
    }
    default:
      throw new UsageError(`"${command.slice(0, 40)}" is not a command.`);
  }
}

function noMore(rest: string[]): void {
  if (rest.length > 0) throw new UsageError(`Unexpected: ${rest.join(' ').slice(0, 80)}`);
}

function limitsFrom(specs: string[]): Partial<Record<BalanceKind, number>> {
  const limits: Partial<Record<BalanceKind, number>> = {};
  for (const spec of specs) {
    const match = /^([A-Za-z]+)=(\d{1,10})$/.exec(spec);
    if (!match || !(balanceKinds as readonly string[]).includes(match[1]!)) {
      throw new UsageError(`--limit is balance=number, with a balance among ${balanceKinds.join(', ')}: not "${spec.slice(0, 40)}".`);
    }
    limits[match[1] as BalanceKind] = Number(match[2]);
  }
  return limits;
}

/** set-limit's balance=number (or balance=none) arguments. */
function limitChangesFrom(specs: string[]): LimitChanges {
  const changes: LimitChanges = {};
  for (const spec of specs) {
    const match = /^([A-Za-z]+)=(\d{1,10}|none)$/.exec(spec);
    if (!match || !(balanceKinds as readonly string[]).includes(match[1]!)) {
      throw new UsageError(`A limit is balance=number or balance=none, with a balance among ${balanceKinds.join(', ')}: not "${spec.slice(0, 40)}".`);
    }
    changes[match[1] as BalanceKind] = match[2] === 'none' ? null : Number(match[2]);
  }
  return changes;
}

/** The admin connection from the environment; its text is never repeated in a message. */
export function adminConnection(env: NodeJS.ProcessEnv): TeamConnection {
  const raw = env[ADMIN_URL_VARIABLE];
  if (!raw) throw new UsageError(`--apply needs the admin connection in ${ADMIN_URL_VARIABLE} (postgres://admin@host:5432/database).`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${ADMIN_URL_VARIABLE} is not a postgres:// address.`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new UsageError(`${ADMIN_URL_VARIABLE} is not a postgres:// address.`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!url.hostname || !url.username || !database) throw new UsageError(`${ADMIN_URL_VARIABLE} needs a host, a user and a database (postgres://admin@host:5432/database).`);
  const caFile = env.SCOUT_TEAM_CA_FILE;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    ...(caFile ? { ca: fs.readFileSync(caFile, 'utf8') } : {}),
  };
}

async function withAdmin(io: CliIo, work: (client: pg.PoolClient, connection: TeamConnection) => Promise<void>): Promise<number> {
  const connection = adminConnection(io.env);
  // Creating a schema can wait on locks longer than a researcher's statement would.
  const pool = createTeamPool(connection, { max: 1, applicationName: 'scout-admin', statementTimeoutMs: 60_000 });
  try {
    const client = await pool.connect().catch((error: unknown) => {
      throw isConnectionError(error) ? new TeamError('TEAM_UNREACHABLE', `Cannot reach the database at ${connection.host}:${connection.port}: ${(error as Error).message}`) : error;
    });
    try {
      await work(client, connection); // a dropped connection fails the statement under way (see createTeamPool)
    } finally {
      client.release();
    }
    return 0;
  } finally {
    await pool.end();
  }
}
