import fs from 'node:fs';
import { startSimulator, type SimulatorHandle } from '../src/simulator/server';
import { expect, test } from './fixtures';

test('first start lands on the demo workspace and shows the simulator credits', async ({ page, scout }, testInfo) => {
  await scout.open(page);
  await expect(page.getByLabel('Workspace', { exact: true })).toHaveValue('demo');
  const meter = page.getByTestId('credit-meter');
  await expect(meter.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(meter.getByTestId('credits-mini')).toHaveText('200');
  await expect(meter.getByTestId('credits-advanced')).toHaveText('100');
  await expect(meter.getByTestId('credits-discovery')).toHaveText('500');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'online');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  // The launch value came once in the address; the page then lives on a session cookie and a clean URL.
  expect(page.url()).not.toContain('launch=');
  await page.screenshot({ path: testInfo.outputPath('shell-demo.png') });
});

test.describe('production workspace', () => {
  test.use({ scoutRecordRpc: true });
  let productionApi: SimulatorHandle;
  test.beforeAll(async () => {
    productionApi = await startSimulator({ credits: 77 });
  });
  test.afterAll(() => productionApi.close());

  test('wrong credentials show "invalid token", right ones the plan; the token never reaches the page or the log', async ({
    page,
    scout,
  }, testInfo) => {
    const token = `e2e-secret-${Date.now()}-a1b2c3`;
    await scout.open(page);
    await page.getByLabel('Workspace', { exact: true }).selectOption('production');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();

    await page.getByLabel('API address').fill(productionApi.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('API address saved.')).toBeVisible();

    await page.getByLabel('Account id').fill('demo');
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText(/Saved in the system keychain for account d•••/)).toBeVisible();
    await expect(page.getByLabel('API token')).toHaveValue('');

    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('connection-test-result');
    await expect(result.getByRole('alert')).toContainText('Invalid token');
    await expect(page.getByTestId('credit-meter')).toContainText('Credentials rejected: check Settings');
    await page.screenshot({ path: testInfo.outputPath('settings-invalid-token.png'), fullPage: true });

    const pageText = await page.evaluate(() => document.documentElement.outerHTML + document.body.innerText);
    expect(pageText).not.toContain(token);
    expect(scout.rpcBodies.length).toBeGreaterThan(5);
    for (const body of scout.rpcBodies) expect(body).not.toContain(token);

    await page.getByLabel('Account id').fill('demo');
    await page.getByLabel('API token').fill('demo-token');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toContainText('Connected. Plan Pro');
    await expect(result).toContainText('77');
    await expect(page.getByTestId('credits-reports')).toHaveText('77');

    expect(fs.readFileSync(scout.logFile, 'utf8')).not.toContain(token);
    expect(scout.output()).not.toContain(token);
  });

  test('an account without API access and a suspended one get their own messages', async ({ page, scout }) => {
    await scout.open(page);
    await page.keyboard.press('Control+9');
    await page.getByLabel('API address').fill(productionApi.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    const test = page.getByLabel('Workspace', { exact: false }).last();
    for (const [id, message] of [
      ['noapi', 'No API access'],
      ['suspended', 'Account is suspended'],
    ] as const) {
      await page.getByLabel('Account id').fill(id);
      await page.getByLabel('API token').fill(`${id}-token`);
      await page.getByRole('button', { name: 'Save credentials' }).click();
      await expect(page.getByText(/Saved in the system keychain/)).toBeVisible();
      await test.selectOption('production');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('connection-test-result').getByRole('alert')).toContainText(message);
    }
  });
});

test('switching workspaces changes the meter and is remembered', async ({ page, scout }) => {
  await scout.open(page);
  const switcher = page.getByLabel('Workspace', { exact: true });
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');

  await switcher.selectOption('production');
  await expect(page.getByTestId('credit-meter')).toContainText('Credits unknown');
  await expect(page.getByTestId('credit-meter').getByRole('status')).toBeVisible();

  await page.reload();
  await expect(switcher).toHaveValue('production');

  await switcher.selectOption('demo');
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'online');
});

test('working offline is one click, and stays until switched back', async ({ page, scout }) => {
  await scout.open(page);
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'offline');
  // Credits stay visible from the cache while offline.
  await expect(page.getByTestId('credits-reports')).toHaveText('1,000');
  await page.getByRole('button', { name: 'Go online' }).click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-mode', 'online');
});

test('every page is reachable from the keyboard', async ({ page, scout }) => {
  await scout.open(page);
  for (const [key, name] of [
    ['2', 'Compare'],
    ['3', 'Discovery'],
    ['4', 'Competitor analysis'],
    ['5', 'Archive'],
    ['6', 'Creators'],
    ['7', 'Lists'],
    ['8', 'Tracking'],
    ['0', 'Campaigns'],
    ['9', 'Settings'],
    ['1', 'Accounts'],
  ] as const) {
    await page.keyboard.press(`Control+${key}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  }
  // Arrow keys walk the navigation; Enter opens the page.
  await page.getByRole('link', { name: 'Accounts' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Compare' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('link', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  expect(page.url()).toMatch(/#\/settings$/);
});

test('follows the operating system theme', async ({ page, scout }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await scout.open(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background();
  expect(light).not.toBe(dark);
  await page.screenshot({ path: testInfo.outputPath('shell-dark.png') });
});
