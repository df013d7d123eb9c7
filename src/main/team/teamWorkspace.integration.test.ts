// The Team workspace end to end in main: configured through the same handlers the renderer
// calls, the password in the real keychain (run with scripts/with-keyring.sh), a real PostgreSQL
// for the team database and one simulator for the agency's API account. Two data folders are two
// laptops; the simulator is the referee of what was charged.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { TeamView } from '@shared/team';
import { Logger } from '../platform/log';
import { KeytarCredentialStore } from '../platform/credentials/credentialStore';
import { MainServices } from '../app/mainServices';
import { TeamClaims } from './claims';
import { teamItem } from './records';
import { teamMigrations } from './schema';
import { latestTeamVersion } from './schema/migrate';
import { connect, describeTeam, logOf, settingsOf, waitUntil, type LaptopOptions } from '../../../test/teamHarness';

/** The version a fresh team schema ends at: the latest migration this Scout knows. */
const LATEST = latestTeamVersion(teamMigrations);

describeTeam('the Team workspace (handlers + keychain + team database + simulator)', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  // Its keychain the file's own (`t.keychain()`), named in the checks of what is kept there.
  const laptop = (options: LaptopOptions = {}) => t.laptop(null, { keychain: t.keychain(), ...options });
  const log = logOf;

  it('is the third workspace, beside Demo and Production, with a SQLite file of its own', async () => {
    const l = await laptop();
    const state = await l.call<{ active: string; workspaces: { id: string; label: string }[] }>('workspace:get');
    expect(state.workspaces.map((w) => [w.id, w.label])).toEqual([
      ['demo', 'Demo (simulator)'],
      ['production', 'Production'],
      ['team', 'Team'],
    ]);
    expect(state.active).toBe('team');
    expect(l.services.workspaces.get('team').db.name).toMatch(/workspaces[/\\]team[/\\]/);
    // Demo and Production have no team connection; their kernels claim nothing.
    expect(l.services.workspaces.get('production').team).toBeNull();
    expect(l.services.workspaces.get('demo').team).toBeNull();
  });

  it('connects from the settings and the keychain: connected as the researcher, the password never handed back', async () => {
    const l = await laptop();
    expect((await l.call<TeamView>('team:get')).status.state).toBe('not-configured');

    const view = await connect(l, t.researchers['Anna Berg']);

    expect(view.status).toMatchObject({ state: 'connected', researcherName: 'Anna Berg', schemaVersion: LATEST, message: 'Connected as Anna Berg.' });
    expect(view.settings).toEqual({ ...settingsOf(t.researchers['Anna Berg']), ca: null });
    expect(view.passwordSaved).toBe(true);
    // In the keychain, its own entry beside the API credentials.
    expect(await new KeytarCredentialStore(t.keychain()).getSecret('team-db')).toBe(t.researchers['Anna Berg'].connection.password);
    expect(l.events.some((e) => e.name === 'team:changed' && (e.payload as TeamView).status.state === 'connected')).toBe(true);
    // The pool is the workspace's, for the sync engine to read through.
    const { rows } = await l.services.workspaces.get('team').team!.pool()!.query<{ u: string }>('SELECT session_user AS u');
    expect(rows[0]!.u).toBe(t.researchers['Anna Berg'].role);
    expect(l.seen.join('\n')).not.toContain(t.researchers['Anna Berg'].connection.password);
    expect(log(l)).not.toContain(t.researchers['Anna Berg'].connection.password);

    // Another start of Scout on the same folder: connects by itself from the meta and the keychain.
    const dataDir = l.services.options.dataDir;
    const pool = l.services.teamConnection().pool()!;
    await l.services.close();
    // Closing the workspace closed its pool.
    expect(pool.ended).toBe(true);
    const logger = new Logger('error');
    const again = new MainServices({ dataDir, host: 'browser', version: 'test', logger, credentialStore: new KeytarCredentialStore(t.keychain(), (s) => logger.registerSecret(s)) });
    t.closeAfter(again);
    const connector = again.teamConnection();
    await waitUntil('the reopened Team workspace to connect', () => connector.status().state === 'connected');
    expect(connector.status().researcherName).toBe('Anna Berg');
  });

  it('a wrong password: said plainly, the password in no answer, event, log line or error; a paid call is refused', async () => {
    const l = await laptop();
    const wrong = `Wrong-${crypto.randomBytes(9).toString('base64url')}`;

    const view = await connect(l, t.researchers['Anna Berg'], wrong);

    expect(view.status.state).toBe('wrong-password');
    expect(view.status.message).toBe(`The team database refused the user name ${t.researchers['Anna Berg'].role} or its password. Check both in Settings → Team database; the team’s admin can set a new password.`);
    const refused = await l.failure('reports:fetch', { network: 'instagram', account: 'wrongpassword', confirmedCost: 1, workspace: 'team' });
    expect(refused.code).toBe('TEAM_NOT_CONNECTED');
    expect(refused.message).toContain('Connect in Settings → Team database. Nothing was spent.');
    for (const text of [...l.seen, log(l), JSON.stringify(refused), t.server.log()]) expect(text).not.toContain(wrong);

    // The right one: connected, and the wrong one gone from the keychain.
    expect((await connect(l, t.researchers['Anna Berg'])).status.state).toBe('connected');
    expect(await new KeytarCredentialStore(t.keychain()).getSecret('team-db')).toBe(t.researchers['Anna Berg'].connection.password);
  });

  it('not configured: a paid call in the Team workspace is refused with the way to connect, nothing sent', async () => {
    const l = await laptop();
    const spent = t.sim.state.totalSpent();

    const refused = await l.failure('reports:fetch', { network: 'instagram', account: 'neverconfigured', confirmedCost: 1, workspace: 'team' });

    expect(refused).toMatchObject({ code: 'TEAM_NOT_CONNECTED' });
    expect(refused.message).toMatch(/^Scout buys nothing in the Team workspace without asking the team database first, and it is not connected: Not connected yet: .* Connect in Settings → Team database\. Nothing was spent\.$/);
    // A paid kind that claims nothing yet (a history) is not bought blind either.
    const history = await l.failure('history:get', { network: 'instagram', account: 'neverconfigured', refresh: true, confirmedCost: 1, workspace: 'team' });
    expect(history.code).toBe('TEAM_NOT_CONNECTED');
    expect(t.sim.state.totalSpent()).toBe(spent);
    expect(l.services.workspaces.get('team').ledger.entries()).toHaveLength(0);
  });

  it('a report bought in one Team workspace is taken from the team by another: the simulator charges once', async () => {
    const a = await laptop();
    const b = await laptop({ keychain: `${t.keychain()}-b` });
    await connect(a, t.researchers['Anna Berg']);
    await connect(b, t.researchers['Bob Lund']);
    // Bob's background pulls stopped: the report reaches him through his fetch's claim (a
    // teammate's copy), not by the sync that would otherwise bring it first.
    await b.services.workspaces.get('team').teamSync!.stop();
    const spent = t.sim.state.spent.credits;

    const bought = await a.call<{ result: unknown; fetchedAt: number }>('reports:fetch', { network: 'instagram', account: 'teamshared', confirmedCost: 1, workspace: 'team' });
    const { rows } = await t.team.admin.query<{ n: string }>(`SELECT count(*) AS n FROM scout_team.records WHERE kind = 'report' AND researcher = $1`, [t.researchers['Anna Berg'].role]);
    expect(Number(rows[0]!.n)).toBe(1);

    const taken = await b.call<{ result: unknown; fetchedAt: number }>('reports:fetch', { network: 'instagram', account: 'teamshared', confirmedCost: 1, workspace: 'team' });

    expect(t.sim.state.spent.credits - spent).toBe(1);
    expect(taken.result).toEqual(bought.result);
    expect(b.services.workspaces.get('team').ledger.entries()).toHaveLength(0);
    expect(a.services.workspaces.get('team').ledger.entries()).toHaveLength(1);
  });

  it("while a teammate holds the item, the fetch's progress names them", async () => {
    // Bob's Scout waits a short while only (the claim is not going to end by itself here).
    const l = await laptop({ heldWaitMs: 300 });
    await connect(l, t.researchers['Bob Lund']);
    const holder = new TeamClaims(t.researchers['Anna Berg'].pool(), { leaseMs: 60_000 });
    expect((await holder.claim(teamItem('report', { network: 'youtube', subject: 'heldbyanna' }), 365)).kind).toBe('won');

    const refused = await l.failure('reports:fetch', { network: 'youtube', account: 'heldbyanna', confirmedCost: 1, workspace: 'team' });

    expect(refused.code).toBe('TEAM_ITEM_HELD');
    const waiting = l.events.filter((e) => e.name === 'reports:changed' && (e.payload as { phase: string }).phase === 'waiting-teammate');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.payload).toMatchObject({ accountKey: 'heldbyanna', teammate: 'Anna Berg', workspace: 'team' });
  });

  it('a database without the team schema: "not set up", with the command to run', async () => {
    const l = await laptop();
    const empty = await t.server.createDatabase('empty');
    const role = `lonely_${crypto.randomBytes(3).toString('hex')}`;
    const password = crypto.randomBytes(12).toString('base64url');
    await t.server.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);

    const view = await l.call<TeamView>('team:set', { host: '127.0.0.1', port: t.server.port, database: empty, user: role, password });

    expect(view.status.state).toBe('not-set-up');
    expect(view.status.message).toContain('`npm run team -- init`');
    const refused = await l.failure('reports:fetch', { network: 'instagram', account: 'notsetup', confirmedCost: 1, workspace: 'team' });
    expect(refused.code).toBe('TEAM_NOT_CONNECTED');
  });

  it('a role that is not on the team: says what the admin runs', async () => {
    const l = await laptop();
    const role = `outsider_${crypto.randomBytes(3).toString('hex')}`;
    const password = crypto.randomBytes(12).toString('base64url');
    await t.server.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);

    const view = await l.call<TeamView>('team:set', { host: '127.0.0.1', port: t.server.port, database: t.team.database, user: role, password });

    expect(view.status.state).toBe('not-a-researcher');
    expect(view.status.message).toContain(`npm run team -- add-researcher ${role}`);
  });

  it('settings a researcher cannot have meant are refused beside their field', async () => {
    const l = await laptop();
    const refused = await l.failure('team:set', { host: 'db example', port: 70000, database: 'team', user: 'Anna', password: 'x' });
    expect(refused.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(refused)).toContain('A port is from 1 to 65535.');
    expect((await l.call<TeamView>('team:get')).settings).toBeNull();
  });

  // Last: it stops the file's server.
  it('the server gone: "unreachable", retried by itself; a paid call asks "buy anyway?" and buys once confirmed; back: connected again', async () => {
    const l = await laptop();
    await connect(l, t.researchers['Anna Berg']);
    const connector = l.services.teamConnection();
    await t.server.stopServer('fast');
    try {
      const view = await l.call<TeamView>('team:test');
      expect(view.status.state).toBe('unreachable');
      expect(view.status.message).toBe(`The team database at 127.0.0.1:${t.server.port} cannot be reached (nothing answers on that port). Scout tries again by itself; reading and work on this computer go on.`);
      expect(view.status.retryAt).not.toBeNull();
      const firstCheck = view.status.checkedAt!;
      await waitUntil('another check by itself', () => (connector.status().checkedAt ?? 0) > firstCheck);

      const spent = t.sim.state.spent.credits;
      const asked = await l.failure('reports:fetch', { network: 'instagram', account: 'offlineteam', confirmedCost: 1, workspace: 'team' });
      expect(asked.code).toBe('TEAM_UNREACHABLE');
      expect(asked.message).toBe("The team database cannot be reached: a teammate may already have the Instagram report of offlineteam, and your team's monthly limit cannot be checked. Buy anyway? Nothing was spent.");
      expect(t.sim.state.spent.credits).toBe(spent);

      const bought = await l.call<{ accountKey: string }>('reports:fetch', { network: 'instagram', account: 'offlineteam', confirmedCost: 1, workspace: 'team', teamUnreachableConfirmed: true });
      expect(bought.accountKey).toBe('offlineteam');
      expect(t.sim.state.spent.credits - spent).toBe(1);
    } finally {
      await t.server.startServer();
    }
    await waitUntil('the connection to come back by itself', () => connector.status().state === 'connected');
    expect(l.events.filter((e) => e.name === 'team:changed').map((e) => (e.payload as TeamView).status.state)).toEqual(expect.arrayContaining(['connected', 'unreachable']));
  });
});
