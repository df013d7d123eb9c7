// The Team workspace from the researcher's side: in the switcher beside Demo and Production,
// connected to a real PostgreSQL (started by this spec, set up as an admin would) from Settings →
// Team database, with the status said in words in Settings and in the top bar. The password
// goes to the keychain and never comes back to the page.
import { test, expect } from './fixtures';
import { postgresMissing, startPostgres, type TestPostgres } from '../test/postgresServer';
import { teamDatabase, type Researcher, type TeamDatabase } from '../test/teamDb';

test.describe('Team workspace', () => {
  test.skip(postgresMissing !== null, `PostgreSQL is not installed: ${postgresMissing}`);
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

    // The right one, by keyboard: Enter in the password field connects.
    await section.getByLabel('Password', { exact: true }).fill(anna.connection.password);
    await section.getByLabel('Password', { exact: true }).press('Enter');
    await expect(section.getByTestId('team-connection-status')).toContainText('Connected as Anna Berg · schema 10');
    await expect(page.getByTestId('team-status')).toHaveText('Team: Anna Berg');
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
  });
});
