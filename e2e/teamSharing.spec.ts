// The Team workspace's sharing from the researcher's side, against a real PostgreSQL this spec
// starts: Settings → Team database says where the sharing stands (a teammate's record that could
// not be read, listed in words) and receives the team's cache; a teammate's later edit of a saved
// query is told above the page with Restore it; a campaign a teammate changes while it is being
// edited keeps what the researcher typed and says where both changed it; Add accounts, a discovery run and a competitor
// analysis say the team database stopped in their quote and ask there (focus on Not now). (A paid
// PDF export's is tested through the handlers: src/main/team/teamBuyAnyway.integration.test.ts.) Each screen is also
// photographed at 1,100 and 1,920 px, light and dark, for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { postgresMissing, startPostgres, type TestPostgres } from '../test/postgresServer';
import { teamDatabase, type Researcher, type TeamDatabase } from '../test/teamDb';
import { setUpTeamWorkspace } from './teamSettings';

const SHOTS = process.env.SCOUT_SHOTS_DIR;

/** WCAG 2.2 AA problems inside `selector`, in words (none expected). */
async function axe(page: Page, selector: string) {
  const found = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include(selector).analyze();
  return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Photographs `what` at both widths, light and dark (only when SCOUT_SHOTS_DIR is set). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1100, 1920]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('Team workspace: sharing, and buying while the team database is away', () => {
  test.skip(postgresMissing !== null, `PostgreSQL is not installed: ${postgresMissing}`);
  test.use({ scoutSimulator: { generationMs: 0 } });
  let server: TestPostgres;
  let team: TeamDatabase;
  let anna: Researcher;
  let bob: Researcher;

  test.beforeAll(async () => {
    server = await startPostgres();
    team = await teamDatabase(server);
    anna = await team.addResearcher('Anna Berg');
    bob = await team.addResearcher('Bob Lund');
  });
  test.afterAll(async () => {
    await team?.close();
    await server?.close();
  });

  /** The Team workspace with its API address and credentials, connected as Anna (Settings open). */
  async function teamReady(page: Page, scout: { open(page: Page): Promise<void>; simulator: { url: string } | null }) {
    await scout.open(page);
    await setUpTeamWorkspace(page, scout.simulator!.url, server, team.database, anna);
  }

  test("Settings says where the sharing stands, lists a teammate's unreadable record in words, and receives the team's cache", async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    const sharing = page.getByTestId('team-sync');
    await expect(sharing.getByTestId('team-sync-status')).toContainText('All shared.', { timeout: 10_000 });

    // Bob's Scout shares a report whose content is not a report: kept aside, said, listed.
    await bob.pool().query(`INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ('report', $1, now(), $2::jsonb)`, [
      JSON.stringify(['instagram', 'unreadable', '']),
      JSON.stringify({ result: { user: 'not a report' } }),
    ]);
    await expect(sharing.getByTestId('team-sync-unreadable')).toContainText('1 of the team’s records could not be read.', { timeout: 10_000 });
    const show = sharing.getByRole('button', { name: 'Show' });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(sharing.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await expect(sharing.getByTestId('team-sync-unreadable-list')).toContainText('A report shared by Bob Lund:', { timeout: 10_000 });
    await expect(sharing.getByTestId('team-sync-status')).toContainText('Last received from the team just now.');

    // Receive the team's cache, by keyboard: this laptop has it all already, and says so.
    await sharing.getByRole('button', { name: 'Receive the team’s cache' }).focus();
    await page.keyboard.press('Enter');
    await expect(sharing.getByTestId('team-join-outcome')).toHaveText(/This laptop already had everything the team has shared\.|Received \d+ records? from the team\./, { timeout: 20_000 });
    await sharing.scrollIntoViewIfNeeded();
    expect(await axe(page, '[data-testid="team-sync"]')).toEqual([]);
    await shoot(page, 'settings-team-sharing');
  });

  test('Add accounts with the team database stopped: the quote says so for each account and asks there, focus on Not now; declined, nothing bought and no library row; bought anyway here; a free PDF asks nothing', async ({ page, scout }) => {
    test.setTimeout(150_000);
    const sim = scout.simulator!;
    await teamReady(page, scout);
    await page.getByRole('link', { name: 'Accounts' }).click();

    await server.stopServer('fast');
    try {
      await page.getByRole('button', { name: 'Add accounts' }).click();
      await page.getByLabel('Network for bare names').selectOption('');
      await page.getByLabel(/Usernames, channel ids/).fill('instagram:awayone twitch:awaytwo');
      const spent = sim.state.totalSpent();
      await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
      // Said in the quote, before anything is pressed: each account in a few words, the question once.
      const quote = page.getByTestId('fetch-confirmation');
      await expect(quote.getByTestId('quote-team-unreachable')).toHaveText(
        [' — the team database cannot be reached: a teammate may already have this', ' — the team database cannot be reached: a teammate may already have this'],
        { timeout: 30_000 },
      );
      await expect(quote.getByTestId('quote-team-ask')).toContainText(
        'The team database cannot be reached, so Scout cannot ask whether a teammate already has these 2 reports, nor check your team’s monthly limit. Buy anyway buys them here and shares them with the team once it is back; Not now buys nothing.',
      );
      // Enter on the focused button must not buy without the team.
      await expect(quote.getByRole('button', { name: 'Not now' })).toBeFocused();
      await expect(quote.getByRole('button', { name: 'Buy anyway: fetch and spend 2 report credits' })).toBeEnabled();
      expect(await axe(page, '[data-testid="fetch-confirmation"]')).toEqual([]);
      await shoot(page, 'add-accounts-quote-team-unreachable');

      // Not now: nothing bought, and the library lists neither account (no "Failed" row).
      await quote.getByRole('button', { name: 'Not now' }).click();
      await expect(page.getByTestId('fetch-confirmation')).toHaveCount(0);
      expect(sim.state.totalSpent()).toBe(spent);
      await expect(page.getByTestId('library-row-instagram-awayone')).toHaveCount(0);
      await expect(page.getByTestId('library-row-twitch-awaytwo')).toHaveCount(0);

      // Quoted again, one unchecked and the other bought anyway: bought once, here, no other question.
      await page.getByRole('button', { name: 'Check cost of 2 accounts' }).click();
      await expect(quote.getByTestId('quote-team-unreachable')).toHaveCount(2, { timeout: 30_000 });
      await quote.getByRole('checkbox', { name: 'Twitch awaytwo' }).uncheck();
      await expect(quote.getByTestId('quote-team-ask')).toContainText('a teammate already has this report');
      await quote.getByRole('button', { name: 'Buy anyway: fetch and spend 1 report credit' }).click();
      await expect(page.getByTestId('fetch-run').locator('li[data-status="done"]')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.getByTestId('fetch-run').locator('li')).toHaveCount(1);
      expect(sim.state.totalSpent()).toBe(spent + 1);
      await expect(page.getByTestId('team-unreachable')).toHaveCount(0);
      await expect(page.getByTestId('library-row-instagram-awayone')).toBeVisible();
      await expect(page.getByTestId('library-row-twitch-awaytwo')).toHaveCount(0);
      await page.getByRole('button', { name: 'Done' }).click();

      // A PDF of a report bought here costs nothing: nothing to ask the team, so no question.
      await page.evaluate(() => (location.hash = '#/accounts/instagram/awayone'));
      await page.getByTestId('export-pdf').click();
      await page.getByTestId('confirm-export-pdf').getByRole('button', { name: 'Export the PDF for free' }).click();
      await expect(page.getByTestId('export-pdf-done')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('team-unreachable')).toHaveCount(0);
      expect(sim.state.totalSpent()).toBe(spent + 1);
    } finally {
      await server.startServer();
    }
  });
  test("an edit overtaken by a teammate's: told above the page, in words; Restore it brings it back", async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    const rpc = (channel: string, request: unknown) =>
      page.evaluate(
        async ({ channel, request }) => (await (await fetch(`/rpc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), credentials: 'same-origin' })).json()) as { ok: boolean; value?: { id: number } },
        { channel, request },
      );
    const names = async () =>
      (await bob.pool().query<{ doc_id: string; seq: string; value: string }>(`SELECT doc_id, seq::text, value #>> '{}' AS value FROM scout_team.shared_changes WHERE doc_kind = 'discovery_query' AND field = 'name' ORDER BY seq`)).rows;
    const saved = await rpc('discovery:saveQuery', { name: 'Streamers', body: { social_network: 'instagram' } });
    expect(saved.ok).toBe(true);
    await expect.poll(async () => (await names()).length, { timeout: 15_000 }).toBe(1);
    // Anna renames it; it reaches the team.
    expect((await rpc('discovery:renameQuery', { id: saved.value!.id, name: 'Streamers (Anna)' })).ok).toBe(true);
    await expect.poll(async () => (await names()).length, { timeout: 15_000 }).toBe(2);
    const [first, annas] = await names();
    // Bob renamed it too, from the version before Anna's (his Scout had not seen hers): his comes after.
    await bob.pool().query(
      `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'discovery_query', $1, 'name', to_jsonb($2::text), $3)`,
      [first!.doc_id, 'Streamers (Bob)', Number(annas!.seq) - 1],
    );
    const notice = page.getByTestId('team-notice');
    await expect(notice).toContainText('Bob Lund renamed the saved query “Streamers” to “Streamers (Bob)” while you were renaming it; yours, “Streamers (Anna)”, is kept in its history — restore it?', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Discovery' }).click();
    await expect(notice).toBeVisible();
    expect(await axe(page, '[data-testid="team-notices"]')).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axe(page, '[data-testid="team-notices"]')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await shoot(page, 'team-notice-discovery');

    // By keyboard: Restore it makes Anna's the name again, shared; the notice goes.
    await notice.getByRole('button', { name: 'Restore it' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('team-notices')).toHaveCount(0);
    await expect.poll(async () => (await names()).at(-1)?.value, { timeout: 15_000 }).toBe('Streamers (Anna)');
  });
  test('a rename under way says a teammate renamed the query meanwhile; the rename sent is made on the version it opened', async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    // Read as the admin, written as Bob through one connection (a researcher's connections are limited).
    const db = team.admin;
    const asBob = bob.pool({ max: 1 });
    const saved = await page.evaluate(
      async (request) => (await (await fetch('/rpc/discovery:saveQuery', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), credentials: 'same-origin' })).json()) as { ok: boolean },
      { name: 'Podcasters', body: { social_network: 'youtube' } },
    );
    expect(saved.ok).toBe(true);
    const changes = async () =>
      (
        await db
          .query<{ doc_id: string; seq: string; base: string; value: string }>(
            `SELECT c.doc_id, c.seq::text, c.base_version::text AS base, c.value #>> '{}' AS value FROM scout_team.shared_changes c WHERE c.doc_kind = 'discovery_query' AND c.field = 'name' AND c.doc_id IN (SELECT doc_id FROM scout_team.shared_changes WHERE field = 'name' AND value = to_jsonb('Podcasters'::text)) ORDER BY c.seq`,
          )
      ).rows;
    // Its name and its body have reached the team: the version it stands at is the later's.
    const version = async () =>
      (await db.query<{ n: string; top: string }>(`SELECT count(*)::text AS n, max(seq)::text AS top FROM scout_team.shared_changes WHERE doc_id = (SELECT doc_id FROM scout_team.shared_changes WHERE field = 'name' AND value = to_jsonb('Podcasters'::text))`)).rows[0]!;
    await expect.poll(async () => (await version()).n, { timeout: 15_000 }).toBe('2');
    const seen = (await version()).top;
    await page.getByRole('link', { name: 'Discovery' }).click();
    const item = page.getByTestId('saved-query').filter({ hasText: 'Podcasters' });
    await item.getByRole('button', { name: 'Podcasters' }).click();
    await item.getByRole('button', { name: 'Rename…' }).click();
    // Bob renames it (having seen it) while Anna's rename is open: her form says so.
    const [opened] = await changes();
    await asBob.query(
      `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'discovery_query', $1, 'name', to_jsonb($2::text), $3)`,
      [opened!.doc_id, 'Podcasters (Bob)', Number(seen)],
    );
    await expect(item.getByTestId('saved-query-renamed-meanwhile')).toContainText('Bob Lund renamed it “Podcasters (Bob)” while you were editing.', { timeout: 30_000 });
    // She renames it all the same: sent as made on the version her form opened, so Bob's is one she had not seen.
    await item.getByLabel('New name').fill('Podcasters (Anna)');
    await item.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(async () => (await changes()).at(-1)?.value, { timeout: 15_000 }).toBe('Podcasters (Anna)');
    const [, bobs, annas] = await changes();
    expect(bobs!.value).toBe('Podcasters (Bob)');
    expect(Number(annas!.base)).toBeLessThan(Number(bobs!.seq));
  });
  test('the status steps changed by a teammate while Anna edits them: her typing stays, the form says who, and she may take theirs', async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    await page.keyboard.press('Control+9');
    const steps = page.getByTestId('status-steps');
    // Anna shares the steps once (a rename), so the team holds them.
    await steps.getByLabel('Step 1 name').fill('Spotted');
    await steps.getByRole('button', { name: 'Save steps' }).click();
    await expect(page.getByTestId('status-steps-feedback')).toHaveText('Steps saved.');
    const db = team.admin;
    const latest = async () =>
      (await db.query<{ doc_id: string; seq: string; value: { id: string; label: string }[] }>(`SELECT doc_id, seq::text, value FROM scout_team.shared_changes WHERE doc_kind = 'status_steps' AND field = 'steps' ORDER BY seq DESC LIMIT 1`)).rows[0];
    await expect.poll(async () => (await latest())?.value[0]?.label, { timeout: 15_000 }).toBe('Spotted');
    // She starts typing; Bob changes the steps (having seen hers) meanwhile.
    await steps.getByLabel('Step 2 name').fill('Anna was here');
    const shared = (await latest())!;
    const asBob = bob.pool({ max: 1 });
    const bobs = shared.value.map((step, i) => (i === 0 ? { ...step, label: 'Found' } : step));
    await asBob.query(
      `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'status_steps', $1, 'steps', $2::jsonb, $3)`,
      [shared.doc_id, JSON.stringify(bobs), Number(shared.seq)],
    );
    const changed = page.getByTestId('status-steps-changed');
    await expect(changed).toContainText('Bob Lund changed the status steps while you were editing.', { timeout: 30_000 });
    await expect(steps.getByLabel('Step 2 name')).toHaveValue('Anna was here');
    await expect(steps.getByLabel('Step 1 name')).toHaveValue('Spotted');
    expect(await axe(page, '[data-testid="status-steps"]')).toEqual([]);
    await shoot(page, 'team-steps-changed-meanwhile');
    await changed.getByRole('button', { name: 'See theirs' }).click();
    await expect(page.getByTestId('status-steps-changed-theirs')).toContainText('Found →');
    await changed.getByRole('button', { name: 'Use theirs (drop mine)' }).click();
    await expect(changed).toHaveCount(0);
    await expect(steps.getByLabel('Step 1 name')).toHaveValue('Found');
    await expect(steps.getByLabel('Step 2 name')).not.toHaveValue('Anna was here');
  });
  test("a watchlist's alert rules changed by a teammate while Anna edits them: her typing stays, the editor says who, and she may take theirs", async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    await page.keyboard.press('Control+8');
    await page.getByLabel('New watchlist', { exact: true }).fill('Rules watch');
    await page.getByLabel('Schedule of the new watchlist').selectOption('manual');
    await page.getByRole('button', { name: 'Create watchlist' }).click();
    const db = team.admin;
    const rulesRow = async () =>
      (
        await db.query<{ doc_id: string; top: string; rules: Record<string, unknown> | null }>(
          `SELECT d.doc_id, (SELECT max(seq)::text FROM scout_team.shared_changes WHERE doc_id = d.doc_id) AS top,
                  (SELECT value FROM scout_team.shared_changes WHERE doc_id = d.doc_id AND field = 'rules' ORDER BY seq DESC LIMIT 1) AS rules
             FROM scout_team.shared_changes d WHERE d.doc_kind = 'watchlist' AND d.field = 'name' AND d.value = to_jsonb('Rules watch'::text)`,
        )
      ).rows[0];
    await expect.poll(async () => (await rulesRow())?.top ?? null, { timeout: 15_000 }).not.toBeNull();
    // Anna starts changing a rule; Bob changes the rules (having seen them) meanwhile.
    const dropPct = page.getByLabel('Drop, percent');
    await dropPct.fill('25');
    const row = (await rulesRow())!;
    const usual = { followerSpike: null, lowEngagement: null, qualityDrop: null, unavailable: true, newMention: false };
    const theirs = { ...usual, ...(row.rules ?? {}), followerDrop: { pct: 40, days: 7 } };
    const asBob = bob.pool({ max: 1 });
    await asBob.query(
      `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'watchlist', $1, 'rules', $2::jsonb, $3)`,
      [row.doc_id, JSON.stringify(theirs), Number(row.top)],
    );
    const changed = page.getByTestId('alert-rules-changed');
    await expect(changed).toContainText('Bob Lund changed these alert rules while you were editing.', { timeout: 30_000 });
    await expect(dropPct).toHaveValue('25');
    await changed.getByRole('button', { name: 'Use theirs (drop mine)' }).click();
    await expect(changed).toHaveCount(0);
    await expect(dropPct).toHaveValue('40');
  });
  test("a campaign changed by a teammate while Anna edits it: the part she did not touch follows, the one both changed is said, and her save keeps the teammate's", async ({ page, scout }) => {
    test.setTimeout(120_000);
    await teamReady(page, scout);
    await page.keyboard.press('Control+0');
    const pageEl = page.getByTestId('page-campaigns');
    await expect(pageEl.getByText('stay on this laptop')).toHaveCount(0);
    await page.getByRole('button', { name: 'New campaign' }).click();
    const editor = page.getByTestId('campaign-editor');
    await editor.getByLabel('Name', { exact: true }).fill('Team glow');
    await editor.getByLabel('Client').fill('Glow Co');
    await editor.getByLabel('First day').fill('2026-06-01');
    await editor.getByLabel('Last day').fill('2026-06-30');
    await editor.getByRole('button', { name: 'Create campaign' }).click();
    // Created: its page opens, with its plan and its editor.
    await expect(page.getByTestId('campaign-status')).toBeVisible();
    const db = team.admin;
    const shared = async () =>
      (
        await db.query<{ doc_id: string; top: string }>(
          `SELECT d.doc_id, (SELECT max(seq)::text FROM scout_team.shared_changes WHERE doc_id = d.doc_id) AS top
             FROM scout_team.shared_changes d WHERE d.doc_kind = 'campaign' AND d.field = 'name' AND d.value = to_jsonb('Team glow'::text)`,
        )
      ).rows[0];
    await expect.poll(async () => (await shared())?.top ?? null, { timeout: 15_000 }).not.toBeNull();
    // Anna types a new client; Bob (having seen the campaign) changes the client and the window meanwhile.
    await editor.getByLabel('Client').fill('Glow Co (Anna)');
    const row = (await shared())!;
    const asBob = bob.pool({ max: 1 });
    for (const [field, value] of [
      ['client', 'Glow Co (Bob)'],
      ['window', { from: '2026-06-01', to: '2026-07-31' }],
    ] as const) {
      await asBob.query(
        `INSERT INTO scout_team.shared_changes (change_id, origin, doc_kind, doc_id, field, value, base_version) VALUES (gen_random_uuid(), gen_random_uuid(), 'campaign', $1, $2, $3::jsonb, $4)`,
        [row.doc_id, field, JSON.stringify(value), Number(row.top)],
      );
    }
    const changed = page.getByTestId('campaign-changed-meanwhile');
    await expect(changed).toContainText('Bob Lund changed the client while you were editing.', { timeout: 30_000 });
    await expect(editor.getByLabel('Client')).toHaveValue('Glow Co (Anna)');
    await expect(editor.getByLabel('Last day')).toHaveValue('2026-07-31');
    expect(await axe(page, '[data-testid="campaign-editor"]')).toEqual([]);
    await shoot(page, 'team-campaign-changed-meanwhile');
    // Saved: hers is the client, his window stays (the team's log says so too).
    await editor.getByRole('button', { name: 'Save campaign' }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved “Team glow”.');
    await expect(changed).toHaveCount(0);
    const latest = async (field: string) =>
      (await db.query<{ value: unknown }>(`SELECT value FROM scout_team.shared_changes WHERE doc_id = $1 AND field = $2 ORDER BY seq DESC LIMIT 1`, [row.doc_id, field])).rows[0]?.value;
    await expect.poll(() => latest('client'), { timeout: 15_000 }).toBe('Glow Co (Anna)');
    expect(await latest('window')).toEqual({ from: '2026-06-01', to: '2026-07-31' });
    await expect(editor.getByLabel('Last day')).toHaveValue('2026-07-31');
  });

  test('a discovery run and a competitor analysis with the team database stopped: each quote says so and asks there, focus on Not now; declined, nothing bought; bought anyway here', async ({ page, scout }) => {
    test.setTimeout(150_000);
    const sim = scout.simulator!;
    await teamReady(page, scout);
    await page.getByRole('link', { name: 'Discovery' }).click();
    await server.stopServer('fast');
    try {
      const panel = page.getByTestId('run-panel');
      await panel.getByLabel(/^Production:/).check();
      await panel.getByLabel('From page', { exact: true }).fill('1');
      await panel.getByLabel('to page', { exact: true }).fill('2');
      const spent = sim.state.totalSpent();
      await panel.getByTestId('check-cost').click();
      // Said in the quote, and asked there, before anything is pressed.
      const quote = page.getByTestId('discovery-confirm');
      await expect(quote.getByTestId('quote-team-ask')).toHaveText(
        'The team database cannot be reached, so Scout cannot ask whether a teammate already has these 2 pages, nor check your team’s monthly limit. Buy anyway buys them here and shares them with the team once it is back; Not now buys nothing.',
        { timeout: 30_000 },
      );
      await expect(quote.getByRole('button', { name: 'Not now' })).toBeFocused();
      await expect(quote.getByRole('button', { name: 'Buy anyway: fetch 2 pages and spend 2 discovery calls' })).toBeEnabled();
      expect(await axe(page, '[data-testid="discovery-confirm"]')).toEqual([]);
      await shoot(page, 'discovery-quote-team-unreachable');
      // Not now: nothing sent, nothing bought, no run.
      await quote.getByRole('button', { name: 'Not now' }).click();
      await expect(page.getByTestId('discovery-confirm')).toHaveCount(0);
      await expect(page.getByTestId('discovery-progress')).toHaveCount(0);
      expect(sim.state.totalSpent()).toBe(spent);
      // Quoted again and bought anyway: run here, with no second question.
      await panel.getByTestId('check-cost').click();
      await quote.getByRole('button', { name: 'Buy anyway: fetch 2 pages and spend 2 discovery calls' }).click();
      await expect(page.getByTestId('discovery-progress')).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
      await expect(page.getByTestId('team-unreachable')).toHaveCount(0);
      expect(sim.state.totalSpent()).toBe(spent + 2);

      await page.getByRole('link', { name: 'Competitor analysis' }).click();
      const form = page.getByTestId('competitor-form');
      await form.getByLabel('Brand’s Instagram username').fill('acmeaway');
      await form.getByRole('button', { name: 'Create analysis…' }).click();
      const confirm = page.getByTestId('competitor-confirm');
      await expect(confirm.getByTestId('quote-team-ask')).toContainText('so Scout cannot ask whether a teammate already has this analysis', { timeout: 30_000 });
      await expect(confirm.getByRole('button', { name: 'Buy anyway: create; it may cost credits' })).toBeEnabled();
      await expect(confirm.getByRole('button', { name: 'Not now' })).toBeFocused();
      expect(await axe(page, '[data-testid="competitor-confirm"]')).toEqual([]);
      await shoot(page, 'competitor-quote-team-unreachable');
      // Escape is "Not now": nothing created, the form back.
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('competitor-confirm')).toHaveCount(0);
      await expect(form.getByRole('button', { name: 'Create analysis…' })).toBeVisible();
      expect(sim.state.totalSpent()).toBe(spent + 2);
    } finally {
      await server.startServer();
    }
  });
});
