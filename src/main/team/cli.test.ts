// `npm run team`: the SQL printed for an admin, and the same run with --apply against a real
// PostgreSQL that logs every statement — so a password reaching it would be seen.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { repoRoot } from '../../../test/childProcess';
import { describeWithPostgres, startPostgres, type TestPostgres } from '../../../test/postgres';
import { ADMIN_URL_VARIABLE, runTeamCli } from './cli';
import { teamMigrations } from './schema';
import { latestTeamVersion } from './schema/migrate';

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}, stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runTeamCli({ argv, env, out: (t) => (out += t), err: (t) => (err += t), readStdin: async () => stdin });
  return { code, out, err };
}

it('prints the SQL for the admin to read or run, without connecting anywhere', async () => {
  const init = await cli(['init']);
  expect(init.code).toBe(0);
  expect(init.out).toContain('CREATE ROLE scout_owner NOLOGIN');
  expect(init.out).toContain('CREATE ROLE scout_researcher NOLOGIN');
  expect(init.out).toContain('CREATE SCHEMA IF NOT EXISTS scout_team AUTHORIZATION scout_owner');
  expect(init.out).toContain('CREATE TABLE scout_team.ledger');
  const add = await cli(['add-researcher', 'ada', '--name', "Ada O'Neil", '--limit', 'credits=200']);
  expect(add.code).toBe(0);
  expect(add.out).toContain('CREATE ROLE ada LOGIN CONNECTION LIMIT 12 IN ROLE scout_researcher;');
  expect(add.out).toContain("'Ada O''Neil'");
  expect(add.out).toContain('{"credits":200}');
  // No password in printed SQL: psql's \password asks for it and sends only a verifier.
  expect(add.out).not.toMatch(/PASSWORD/);
  expect(add.out).toContain('\\password ada');
});

it('refuses what it cannot use, and says why', async () => {
  expect(await cli(['add-researcher', 'Robert"; DROP'])).toMatchObject({ code: 2, err: expect.stringContaining('cannot be a researcher\'s role') });
  expect(await cli(['add-researcher', 'scout_owner'])).toMatchObject({ code: 2, err: expect.stringContaining('reserved') });
  expect(await cli(['add-researcher', 'ada', '--limit', 'gold=3'])).toMatchObject({ code: 2, err: expect.stringContaining('--limit is balance=number') });
  expect(await cli(['init', '--apply'])).toMatchObject({ code: 2, err: expect.stringContaining(ADMIN_URL_VARIABLE) });
  expect(await cli(['add-researcher', 'ada', '--password-stdin'])).toMatchObject({ code: 2, err: expect.stringContaining('goes with --apply') });
  expect(await cli(['frobnicate'])).toMatchObject({ code: 2 });
  // A connection string on the command line would stay in shell history: refused, and not echoed.
  const url = 'postgres://admin:hunter2-secret@db.example:5432/team';
  const onArgv = await cli(['init', '--apply', url]);
  expect(onArgv.code).toBe(2);
  expect(onArgv.err).toContain(ADMIN_URL_VARIABLE);
  expect(onArgv.err + onArgv.out).not.toContain('hunter2-secret');
  const badEnv = await cli(['init', '--apply'], { [ADMIN_URL_VARIABLE]: 'http://admin:hunter2-secret@x/y' });
  expect(badEnv).toMatchObject({ code: 2 });
  expect(badEnv.err + badEnv.out).not.toContain('hunter2-secret');
});

describeWithPostgres('npm run team against a real server', () => {
  let server: TestPostgres;

  beforeAll(async () => {
    server = await startPostgres({ settings: { log_statement: 'all' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates the team schema, then finds it done; adds a researcher whose generated password is shown once and works', async () => {
    const database = await server.createDatabase('cli');
    const env = { [ADMIN_URL_VARIABLE]: server.adminUrl(database) };
    expect(await cli(['init', '--apply'], env)).toMatchObject({ code: 0, out: expect.stringContaining(`ready (version ${latestTeamVersion(teamMigrations)})`) });
    expect(await cli(['init', '--apply'], env)).toMatchObject({ code: 0, out: expect.stringContaining(`already at version ${latestTeamVersion(teamMigrations)}`) });
    expect(await cli(['migrate', '--apply'], env)).toMatchObject({ code: 0, out: expect.stringContaining('up to date') });

    const role = `ada_${database.slice(-6)}`;
    const added = await cli(['add-researcher', role, '--name', 'Ada Lovelace', '--limit', 'credits=200', '--apply'], env);
    expect(added.code).toBe(0);
    const password = added.out.trim().split('\n').at(-1)!;
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(added.out.split(password)).toHaveLength(2); // once
    expect(added.err).toBe('');

    const ada = new pg.Client({ host: '127.0.0.1', port: server.port, database, user: role, password });
    await ada.connect();
    try {
      const { rows } = await ada.query('SELECT display_name, monthly_limits FROM scout_team.researchers WHERE role_name = $1', [role]);
      expect(rows).toEqual([{ display_name: 'Ada Lovelace', monthly_limits: { credits: 200 } }]);
      const member = await ada.query<{ m: boolean }>(`SELECT pg_has_role(session_user, 'scout_researcher', 'MEMBER') AS m, pg_has_role(session_user, 'scout_owner', 'MEMBER') AS o`);
      expect(member.rows[0]).toEqual({ m: true, o: false });
    } finally {
      await ada.end();
    }
    const wrong = new pg.Client({ host: '127.0.0.1', port: server.port, database, user: role, password: `${password}x` });
    await expect(wrong.connect()).rejects.toMatchObject({ code: '28P01' });

    // The server logged every statement, the role's creation among them, but never the password.
    expect(server.log()).toContain(`CREATE ROLE ${role} LOGIN`);
    expect(server.log()).not.toContain(password);
  });

  it('takes a password from stdin, and never prints it', async () => {
    const database = await server.createDatabase('cli');
    const env = { [ADMIN_URL_VARIABLE]: server.adminUrl(database) };
    await cli(['init', '--apply'], env);
    const role = `bob_${database.slice(-6)}`;
    const password = 'correct-horse-battery-staple-42';
    expect(await cli(['add-researcher', role, '--password-stdin', '--apply'], env, 'short\n')).toMatchObject({ code: 2, err: expect.stringContaining('at least 12') });
    const added = await cli(['add-researcher', role, '--password-stdin', '--apply'], env, `${password}\n`);
    expect(added.code).toBe(0);
    expect(added.out + added.err).not.toContain(password);
    const bob = new pg.Client({ host: '127.0.0.1', port: server.port, database, user: role, password });
    await bob.connect();
    await bob.end();
    expect(server.log()).not.toContain(password);
    // The same role again: refused by the database, said plainly.
    expect(await cli(['add-researcher', role, '--apply'], env)).toMatchObject({ code: 1, err: expect.stringContaining('already exists') });
  });

  it('runs as `npm run team`, reading the admin connection from the environment', async () => {
    const database = await server.createDatabase('npm');
    const child = spawn('npm', ['run', '--silent', 'team', '--', 'init', '--apply'], {
      cwd: repoRoot,
      env: { ...process.env, [ADMIN_URL_VARIABLE]: server.adminUrl(database) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, out }).toEqual({ code: 0, out: expect.stringContaining('The team schema is ready') });
    const { rows } = await server.query<{ v: number }>('SELECT max(version) AS v FROM scout_team.schema_migrations', [], database);
    expect(rows[0]!.v).toBe(latestTeamVersion(teamMigrations));
  }, 30_000);
});
