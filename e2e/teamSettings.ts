// The Team workspace set up as a researcher does it, in Settings: the agency's API address and
// credentials, then the team database connected as one researcher. Shared by the Team specs.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { TestPostgres } from '../test/postgresServer';
import type { Researcher } from '../test/teamDb';

/** Settings → Team database, filled in and connected as `who` (Settings open, Team active). */
export async function connectTeam(page: Page, server: TestPostgres, database: string, who: Researcher) {
  const section = page.getByTestId('team-database');
  await section.getByLabel('Server').fill('127.0.0.1');
  await section.getByLabel('Port').fill(String(server.port));
  await section.getByLabel('Database', { exact: true }).fill(database);
  await section.getByLabel('User name').fill(who.role);
  await section.getByLabel('Password', { exact: true }).fill(who.connection.password);
  await section.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('team-status')).toHaveText(`Team: ${who.name}`);
}

/** Team made active, its API address (a simulator) and credentials saved, and connected as `who`: Settings stays open. */
export async function setUpTeamWorkspace(page: Page, apiUrl: string, server: TestPostgres, database: string, who: Researcher) {
  await page.getByLabel('Workspace', { exact: true }).selectOption('team');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API address').fill(apiUrl);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('API address saved.')).toBeVisible();
  await page.getByLabel('Account id').fill('demo');
  await page.getByLabel('API token').fill('demo-token');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByTestId('saved-account')).toBeVisible();
  await connectTeam(page, server, database, who);
}
