// API text is text: the simulator's xss* accounts carry `<img src=x onerror=alert(1)>` as an
// ethnicity, an interest, every caption and a hashtag. Hovering the charts and opening the media
// tab must show it as text: no img element is made, no dialog opens.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** Moves the pointer over a chart until its tooltip shows `text`; returns the tooltip's HTML. */
async function hoverUntilTooltip(page: Page, chart: Locator, text: string): Promise<string> {
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const box = (await chart.boundingBox())!;
  for (let y = 6; y < box.height; y += 8) {
    for (let x = 10; x < box.width; x += 24) {
      await page.mouse.move(box.x + x, box.y + y);
      const found = await chart.evaluate((el, t) => {
        const tip = [...el.querySelectorAll('div')].find((d) => d.textContent?.includes(t) && d.style.display !== 'none');
        return tip ? tip.innerHTML : null;
      }, text);
      if (found) return found;
    }
  }
  throw new Error(`no tooltip showing ${text}`);
}

test('hostile API text in charts, captions and hashtags is shown as text', async ({ page, scout }) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await scout.open(page);
  await page.getByRole('button', { name: 'Add accounts' }).click();
  await page.getByLabel('Network for bare names').selectOption('');
  await page.getByLabel(/Usernames, channel ids/).fill('instagram:xss_demo snapchat:xss_demo');
  await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
  await page.getByRole('button', { name: /^Fetch and spend/ }).click();
  await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(2, { timeout: 45_000 });
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('library-row-instagram-xss_demo').click();
  const ethnicity = page.getByRole('img', { name: /^Audience ethnicity:/ });
  const interests = page.getByRole('img', { name: /^Audience interests:/ });
  // The accessible names carry the text as text too.
  await expect(ethnicity).toHaveAttribute('aria-label', new RegExp(HOSTILE.replace(/[()]/g, '\\$&')));
  for (const chart of [ethnicity, interests]) {
    await chart.scrollIntoViewIfNeeded();
    const html = await hoverUntilTooltip(page, chart, HOSTILE);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  }

  await page.getByRole('tab', { name: 'Media' }).click();
  const media = page.getByTestId('media-tab');
  // This account posts rarely: the longest period is sure to hold media.
  await media.getByLabel('Media period').selectOption('180d');
  await expect(media.locator('.media-grid li').first()).toBeVisible();
  await expect(media.getByText(HOSTILE, { exact: true }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByTestId('library-row-snapchat-xss_demo').click();
  // Top hashtags are listed as one line of text.
  await expect(page.getByText(`#${HOSTILE}, `).first()).toBeVisible();

  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src') === 'x').length)).toBe(0);
  expect(dialogs).toEqual([]);
});
