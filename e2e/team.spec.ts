// The Team workspace from the researcher's side: in the switcher beside Demo and Production,
// connected to a real PostgreSQL (started by this spec, set up as an admin would) from Settings →
// Team database, with the status said in words in Settings and in the top bar. The password
// goes to the keychain and never comes back to the page.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { postgresMissing, startPostgres, type TestPostgres } from '../test/postgresServer';
import { teamDatabase, type Researcher, type TeamDatabase } from '../test/teamDb';
import { connectTeam } from './teamSettings';

test.describe('Team workspace', () => {
  test.skip(postgresMissing !== null, `PostgreSQL is not installed: ${postgresMissing}`);
  test.use({ scoutSimulator: { generationMs: 0 }, scoutRecordRpc: true });
  let server: TestPostgres;
  let team: TeamDatabase;
  let anna: Researcher;

  test.beforeAll(async () => {
    server = await startPostgres();
    team = await teamDatabase(server);
    anna = await team.addResearcher('Anna Berg');
  });
  test.afterAll(async () => {
    await team?.close();
    await server?.close();
  });

  test('is in the switcher beside Demo and Production, and connects from Settings as the researcher', async ({ page, scout }) => {
    await scout.open(page);
    const switcher = page.getByLabel('Workspace', { exact: true });
    await expect(switcher.locator('option')).toHaveText(['Demo (simulator)', 'Production', 'Team']);
    await switcher.selectOption('team');
    await expect(page.getByTestId('team-status')).toHaveText('Team database not connected');

    await page.getByTestId('team-status').getByRole('link').click();
    const section = page.getByTestId('team-database');
    await expect(section.getByRole('heading', { name: 'Team database' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team API' })).toBeVisible();
    await expect(section.getByTestId('team-connection-status')).toContainText('Not connected yet');

    // Nothing filled in: each field says what it needs, beside it; nothing is sent.
    await section.getByRole('button', { name: 'Connect' }).click();
    await expect(section.getByTestId('team-field-host')).toContainText('Enter the database server’s host name');
    await expect(section.getByTestId('team-field-password')).toContainText('Enter your database password.');
    await expect(section.getByLabel('Server')).toHaveAttribute('aria-invalid', 'true');

    // A wrong password: said plainly, with what to do.
    await section.getByLabel('Server').fill('127.0.0.1');
    await section.getByLabel('Port').fill(String(server.port));
    await section.getByLabel('Database', { exact: true }).fill(team.database);
    await section.getByLabel('User name').fill(anna.role);
    await section.getByLabel('Password', { exact: true }).fill('not-the-password-123');
    await section.getByRole('button', { name: 'Connect' }).click();
    await expect(section.getByTestId('team-connection-status')).toContainText(`The team database refused the user name ${anna.role} or its password.`);
    await expect(page.getByTestId('team-status')).toHaveText('Team database: wrong password');
    await expect(section.getByLabel('Password', { exact: true })).toHaveValue('');

    // Before: Settings → Team spending says the team database cannot be reached.
    await expect(page.getByText('The team\'s spending cannot be shown now.')).toBeVisible();

    // The right one, by keyboard: Enter in the password field connects.
    await section.getByLabel('Password', { exact: true }).fill(anna.connection.password);
    await section.getByLabel('Password', { exact: true }).press('Enter');
    await expect(section.getByTestId('team-connection-status')).toHaveText(/^Connected as Anna Berg\./);
    await expect(page.getByTestId('team-status')).toHaveText('Team: Anna Berg');
    // Connected: Team spending reads the team ledger at once, no longer "cannot be reached".
    await expect(page.getByTestId('team-spending')).toBeVisible();
    await expect(page.getByText('The team\'s spending cannot be shown now.')).toHaveCount(0);
    await expect(section.getByTestId('team-field-password')).toContainText('A password is saved in the system keychain.');

    // Reloaded: the settings come back from the workspace, the password from nowhere the page can see.
    await page.reload();
    await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
    await expect(page.getByTestId('team-status')).toHaveText('Team: Anna Berg');
    await expect(page.getByTestId('team-database').getByLabel('User name')).toHaveValue(anna.role);
    await expect(page.getByTestId('team-database').getByLabel('Password', { exact: true })).toHaveValue('');

    for (const body of scout.rpcBodies) {
      expect(body).not.toContain(anna.connection.password);
      expect(body).not.toContain('not-the-password-123');
    }
    const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('[data-testid="team-database"]').include('.topbar').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('a fetch waits for the teammate buying it, by name; with the team database gone its quote says so and asks "buy anyway?"', async ({ page, scout }) => {
    test.setTimeout(120_000);
    const bob = await team.addResearcher('Bob Lund');
    const sim = scout.simulator!;
    await scout.open(page);
    await page.getByLabel('Workspace', { exact: true }).selectOption('team');
    await page.getByRole('link', { name: 'Settings' }).click();
    // The Team workspace's own API address and credentials (the agency's one API account).
    await page.getByLabel('API address').fill(sim.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('API address saved.')).toBeVisible();
    await page.getByLabel('Account id').fill('demo');
    await page.getByLabel('API token').fill('demo-token');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByTestId('saved-account')).toBeVisible();
    await connectTeam(page, server, team.database, anna);

    // Bob's Scout is buying this account now: Anna's waits, saying whose purchase it waits for.
    const key = JSON.stringify(['instagram', 'heldbybob', '']);
    const bobs = bob.pool();
    await bobs.query(`INSERT INTO scout_team.claims (kind, item_key, token, lease_expires_at) VALUES ('report', $1, gen_random_uuid(), now() + interval '60 seconds')`, [key]);
    await page.evaluate(() => (location.hash = '#/accounts/instagram/heldbybob'));
    await page.getByRole('button', { name: 'Fetch this report…' }).click();
    await page.getByRole('dialog', { name: 'Confirm fetch' }).getByRole('button', { name: /^Spend / }).click();
    await expect(page.getByTestId('report-progress')).toContainText('waiting for Bob Lund, who is buying it now');
    // Bob gives up without buying: Anna's Scout claims it and buys it.
    await bobs.query(`SELECT scout_team.release_claim(kind, item_key, token) FROM scout_team.claims WHERE kind = 'report' AND item_key = $1`, [key]);
    await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'instagram/heldbybob', { timeout: 20_000 });

    await server.stopServer('fast');
    try {
      await page.evaluate(() => (location.hash = '#/accounts/instagram/whileaway'));
      const spent = sim.state.totalSpent();
      await page.getByRole('button', { name: 'Fetch this report…' }).click();
      // Said in the quote, and asked there, before anything is pressed.
      const ask = page.getByRole('dialog', { name: 'Confirm fetch' });
      await expect(ask).toContainText('Fetch: new: 1 report credit — the team database cannot be reached: a teammate may already have this.', { timeout: 20_000 });
      await expect(ask.getByTestId('quote-team-ask')).toHaveText(
        'The team database cannot be reached, so Scout cannot ask whether a teammate already has this report, nor check your team’s monthly limit. Buy anyway buys it here and shares it with the team once it is back; Not now buys nothing.',
      );
      // Enter on the focused button must not buy without the team.
      await expect(ask.getByRole('button', { name: 'Not now' })).toBeFocused();
      expect(sim.state.totalSpent()).toBe(spent);
      await ask.getByRole('button', { name: 'Buy anyway: spend 1 report credit and fetch' }).click();
      // Bought without a second question.
      await expect(page.getByTestId('team-unreachable')).toHaveCount(0);
      await expect(page.getByTestId('report-view')).toHaveAttribute('data-report', 'instagram/whileaway', { timeout: 20_000 });
      expect(sim.state.totalSpent()).toBe(spent + 1);
      await expect(page.getByTestId('team-status')).toHaveText('Team database unreachable');
    } finally {
      await server.startServer();
    }
    // Back by itself, without a click.
    await expect(page.getByTestId('team-status')).toHaveText('Team: Anna Berg', { timeout: 45_000 });
  });
});
