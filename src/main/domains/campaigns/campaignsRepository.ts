// Campaigns in the workspace's SQLite file (migration 0320): the campaign, its creators in order,
// and once started the plan as it was then. Also where creators are added from: the library (the
// cached reports), the shortlist and the synced lists, read here with whether each has a report.
import type Database from 'better-sqlite3';
import { accountWords } from '@shared/labels';
import type { Campaign, CampaignCandidate, CampaignCandidates, CampaignCreator, CampaignInput, CampaignPlan, CampaignSummary } from '@shared/campaigns';
import type { ComparePeriod } from '@shared/compare';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';

type CampaignRow = {
  id: number;
  name: string;
  client: string;
  currency: string;
  brands: string;
  match: string;
  window_from: string;
  window_to: string;
  basis_period: ComparePeriod;
  rates: string;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  frozen_plan: string | null;
};
type CreatorRow = { campaign_id: number; network: Network; account_key: string; name: string; source: CampaignCreator['source']; source_name: string | null; posts: number; due_dates: string; fee: number };
type AccountRow = { network: Network; account_key: string; username: string | null; title: string | null; account_id: string | null; cached: number };

/** How many accounts of the library the picker is offered (the newest fetched first). */
export const LIBRARY_OFFERED = 2000;

const COLUMNS = 'id, name, client, currency, brands, match, window_from, window_to, basis_period, rates, created_at, updated_at, started_at, frozen_plan';

export class CampaignsRepository {
  private readonly insertCampaign: Database.Statement<[Record<string, unknown>]>;
  private readonly updateCampaign: Database.Statement<[Record<string, unknown>]>;
  private readonly clearCreators: Database.Statement<[number]>;
  private readonly insertCreator: Database.Statement<unknown[]>;
  private readonly campaignRow: Database.Statement<[number], CampaignRow>;
  private readonly campaignRows: Database.Statement<[], CampaignRow>;
  private readonly creatorRows: Database.Statement<[number], CreatorRow>;
  private readonly creatorCounts: Database.Statement<[], { campaign_id: number; n: number }>;
  private readonly deleteRow: Database.Statement<[number]>;
  private readonly startRow: Database.Statement<[{ id: number; at: number; plan: string }]>;
  private readonly setStartedRow: Database.Statement<[{ id: number; at: number | null; plan: string | null }]>;
  private readonly libraryRows: Database.Statement<[number], AccountRow>;
  private readonly shortlistRows: Database.Statement<[], AccountRow>;
  private readonly listRows: Database.Statement<[], { id: number; name: string | null }>;
  private readonly listItemRows: Database.Statement<[], AccountRow & { list_id: number; item_name: string | null }>;
  private readonly saveTx: (id: number | null, input: CampaignInput, at: number) => number | null;
  private readonly read: <T>(fn: () => T) => T;

  constructor(private readonly db: Db) {
    this.insertCampaign = db.prepare(
      `INSERT INTO campaigns (name, client, currency, brands, match, window_from, window_to, basis_period, rates, created_at, updated_at)
       VALUES (@name, @client, @currency, @brands, @match, @from, @to, @period, @rates, @at, @at)`,
    );
    this.updateCampaign = db.prepare(
      `UPDATE campaigns SET name = @name, client = @client, currency = @currency, brands = @brands, match = @match, window_from = @from,
              window_to = @to, basis_period = @period, rates = @rates, updated_at = @at WHERE id = @id`,
    );
    this.clearCreators = db.prepare('DELETE FROM campaign_creators WHERE campaign_id = ?');
    this.insertCreator = db.prepare(
      'INSERT INTO campaign_creators (campaign_id, position, network, account_key, name, source, source_name, posts, due_dates, fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.campaignRow = db.prepare(`SELECT ${COLUMNS} FROM campaigns WHERE id = ?`);
    this.campaignRows = db.prepare(`SELECT ${COLUMNS} FROM campaigns ORDER BY updated_at DESC, id DESC`);
    this.creatorRows = db.prepare('SELECT campaign_id, network, account_key, name, source, source_name, posts, due_dates, fee FROM campaign_creators WHERE campaign_id = ? ORDER BY position');
    this.creatorCounts = db.prepare('SELECT campaign_id, count(*) AS n FROM campaign_creators GROUP BY campaign_id');
    this.deleteRow = db.prepare('DELETE FROM campaigns WHERE id = ?');
    this.startRow = db.prepare('UPDATE campaigns SET started_at = @at, frozen_plan = @plan WHERE id = @id AND started_at IS NULL');
    this.setStartedRow = db.prepare('UPDATE campaigns SET started_at = @at, frozen_plan = @plan WHERE id = @id');
    this.libraryRows = db.prepare(
      'SELECT network, account_key, username, title, account_id, 1 AS cached FROM reports ORDER BY fetched_at DESC, id DESC LIMIT ?',
    );
    this.shortlistRows = db.prepare(
      `SELECT s.network, s.account_key, coalesce(r.username, s.account) AS username, coalesce(r.title, s.title) AS title, r.account_id, r.id IS NOT NULL AS cached
         FROM shortlist AS s LEFT JOIN reports AS r ON r.network = s.network AND r.account_key = s.account_key
        ORDER BY s.added_at DESC, s.id DESC`,
    );
    this.listRows = db.prepare('SELECT id, name FROM lists ORDER BY name COLLATE NOCASE, id');
    this.listItemRows = db.prepare(
      `SELECT i.list_id, i.network, i.account_key, r.username, coalesce(r.title, i.name) AS title, i.name AS item_name, r.account_id, r.id IS NOT NULL AS cached
         FROM list_items AS i LEFT JOIN reports AS r ON r.network = i.network AND r.account_key = i.account_key
        WHERE i.network IS NOT NULL AND i.account_key IS NOT NULL
        ORDER BY i.list_id, i.position`,
    );
    this.saveTx = db.transaction((id: number | null, input: CampaignInput, at: number) => {
      const values = {
        name: input.name,
        client: input.client,
        currency: input.currency,
        brands: JSON.stringify(input.brands),
        match: JSON.stringify(input.match),
        from: input.window.from,
        to: input.window.to,
        period: input.basisPeriod,
        rates: JSON.stringify(input.rates),
        at,
      };
      let saved: number;
      if (id === null) saved = Number(this.insertCampaign.run(values).lastInsertRowid);
      else {
        if (this.updateCampaign.run({ ...values, id }).changes === 0) return null;
        this.clearCreators.run(id);
        saved = id;
      }
      input.creators.forEach((c, position) =>
        this.insertCreator.run(saved, position, c.network, c.accountKey, c.name, c.source, c.sourceName, c.posts, JSON.stringify(c.dueDates), c.fee),
      );
      return saved;
    });
    const readTx = db.transaction((fn: () => unknown) => fn());
    this.read = <T>(fn: () => T) => readTx.deferred(fn) as T;
  }

  /** Creates a campaign (`id` null) or replaces one; null when `id` names none. */
  save(id: number | null, input: CampaignInput, at: number): Campaign | null {
    const saved = this.saveTx(id, input, Math.round(at));
    return saved === null ? null : this.get(saved);
  }

  get(id: number): Campaign | null {
    return this.read(() => {
      const row = this.campaignRow.get(id);
      return row ? toCampaign(row, this.creatorRows.all(id)) : null;
    });
  }

  /** The plan as it was when the campaign started; null while it is being planned. */
  frozenPlan(id: number): CampaignPlan | null {
    const row = this.campaignRow.get(id);
    return row?.frozen_plan ? (JSON.parse(row.frozen_plan) as CampaignPlan) : null;
  }

  list(): CampaignSummary[] {
    return this.read(() => {
      const counts = new Map(this.creatorCounts.all().map((r) => [r.campaign_id, r.n]));
      return this.campaignRows.all().map((r) => ({
        id: r.id,
        name: r.name,
        client: r.client,
        window: { from: r.window_from, to: r.window_to },
        creators: counts.get(r.id) ?? 0,
        startedAt: r.started_at,
        updatedAt: r.updated_at,
      }));
    });
  }

  delete(id: number): boolean {
    return this.deleteRow.run(id).changes > 0;
  }

  /** Keeps `plan` as the campaign's frozen plan; false when it has none of that id or already started. */
  start(id: number, plan: CampaignPlan, at: number): boolean {
    return this.startRow.run({ id, at: Math.round(at), plan: JSON.stringify(plan) }).changes > 0;
  }

  /**
   * The team's campaign as it is now (a Team workspace's shared work): written whole, started or
   * not as the team says, in one transaction; null when `id` names none.
   */
  writeShared(id: number | null, input: CampaignInput, started: { at: number; plan: CampaignPlan } | null, at: number): Campaign | null {
    const saved = this.db.transaction(() => {
      const savedId = this.saveTx(id, input, Math.round(at));
      if (savedId !== null) this.setStartedRow.run({ id: savedId, at: started ? Math.round(started.at) : null, plan: started ? JSON.stringify(started.plan) : null });
      return savedId;
    })();
    return saved === null ? null : this.get(saved);
  }

  candidates(): CampaignCandidates {
    return this.read(() => {
      const candidate = (r: AccountRow, source: CampaignCandidate['source'], sourceName: string | null, fallback?: string | null): CampaignCandidate => ({
        network: r.network,
        accountKey: r.account_key,
        name: accountWords(r.network, r.title, r.username ?? fallback ?? r.account_key, r.account_id),
        source,
        sourceName,
        cached: r.cached === 1,
      });
      const lists = this.listRows.all().map((l) => ({ id: l.id, name: l.name ?? `List ${l.id}`, accounts: [] as CampaignCandidate[] }));
      const byId = new Map(lists.map((l) => [l.id, l]));
      for (const item of this.listItemRows.all()) {
        const list = byId.get(item.list_id);
        if (list) list.accounts.push(candidate(item, 'list', list.name, item.item_name));
      }
      return {
        library: this.libraryRows.all(LIBRARY_OFFERED).map((r) => candidate(r, 'library', null)),
        shortlist: this.shortlistRows.all().map((r) => candidate(r, 'shortlist', null)),
        lists,
      };
    });
  }
}

function toCampaign(row: CampaignRow, creators: readonly CreatorRow[]): Campaign {
  return {
    id: row.id,
    name: row.name,
    client: row.client,
    currency: row.currency as Campaign['currency'],
    brands: JSON.parse(row.brands) as Campaign['brands'],
    match: JSON.parse(row.match) as Campaign['match'],
    window: { from: row.window_from, to: row.window_to },
    basisPeriod: row.basis_period,
    rates: JSON.parse(row.rates) as Campaign['rates'],
    creators: creators.map((c) => ({
      network: c.network,
      accountKey: c.account_key,
      name: c.name,
      source: c.source,
      sourceName: c.source_name,
      posts: c.posts,
      dueDates: JSON.parse(c.due_dates) as string[],
      fee: c.fee,
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
  };
}
