// What each kind of export writes, read from the workspace's cache as its page shows it: the same
// rows, in the same order (the page's sort rules live in src/shared), the ticked ones or all.
import type { ExportSubject, SnapshotDetail } from '@shared/contract';
import { ScoutError } from '@shared/errors';
import { buildCompareModel } from '@shared/compareModel';
import { orderRows } from '@shared/discoveryResultOrder';
import { orderItems } from '@shared/listsModel';
import { listLabel } from '@shared/lists';
import { plural } from '@shared/format';
import type { CompetitorService } from '../competitor/competitorService';
import type { DiscoveryService } from '../discovery/discoveryService';
import type { ListsService } from '../lists/listsService';
import type { CreatorsService } from '../creators/creatorsService';
import type { CompanionService } from '../reports/companionService';
import type { AccountNotesService } from '../notes/accountNotesService';
import type { CampaignsService } from '../campaigns/campaignsService';
import { mediaPlanSheets } from '../campaigns/mediaPlan';
import { notesKeyOf, passesNotesFilter, statusRank } from '@shared/workflow';
import type { Network } from '@shared/reports';
import { shortlistCsv, shortlistSheet } from '../discovery/shortlistSheets';
import type { ExportPlan } from './exportService';
import { discoveryCsv, discoverySheet } from '../discovery/discoverySheets';
import { listCsv, listSheet } from '../lists/listSheets';
import { creatorsCsv, creatorsSheet } from '../creators/creatorSheets';
import { comparisonSheets } from '../compare/compareSheets';
import { comparisonCsv } from '../compare/compareCsv';

export interface ExportSources {
  competitor: CompetitorService;
  discovery: DiscoveryService;
  lists: ListsService;
  creators: CreatorsService;
  companions: CompanionService;
  notes: AccountNotesService;
  campaigns: CampaignsService;
}

/** The ticked rows, in the order given; all of them when none is ticked. */
function ticked<R>(rows: readonly R[], keyOf: (row: R) => string, keys: readonly string[]): readonly R[] {
  if (keys.length === 0) return rows;
  const wanted = new Set(keys);
  return rows.filter((row) => wanted.has(keyOf(row)));
}

/** Each account's status and tags, by network and account as a row names them (the pages' filters). */
function notesLookup(notes: AccountNotesService): (row: { network: Network | null; account: string | null }) => { status: string | null; tags: readonly string[] } | null {
  const byKey = new Map(notes.all().map((n) => [`${n.network}:${n.accountKey}`, n]));
  return (row) => {
    const key = notesKeyOf(row.network, row.account);
    return key === null ? null : (byKey.get(key) ?? null);
  };
}

/** Each account's place in the research pipeline, by network and account as a row names them (the status sort). */
function statusRanks(notes: AccountNotesService): (row: { network: Network | null; account: string | null }) => number | null {
  const statuses = notes.statusOf();
  const { steps } = notes.steps();
  return (row) => {
    const key = notesKeyOf(row.network, row.account);
    return key === null ? null : statusRank(steps, statuses.get(key));
  };
}

function nothingToExport(what: string): never {
  throw new ScoutError({ code: 'INVALID_INPUT', message: `There is nothing to export: ${what}.` });
}

export function exportPlan(sources: ExportSources, subject: ExportSubject): ExportPlan {
  switch (subject.kind) {
    case 'competitor':
      return sources.competitor.exportPlan(subject.id, { filters: subject.filters, sort: subject.sort });
    case 'discovery': {
      const results = sources.discovery.results({ body: subject.body, sandbox: subject.sandbox });
      const notesOf = notesLookup(sources.notes);
      const shown = (subject.page === null ? results.rows : results.rows.filter((r) => r.page === subject.page)).filter((r) => passesNotesFilter(notesOf(r), subject));
      const rows = ticked(orderRows(shown, subject.sort, statusRanks(sources.notes)), (r) => r.key, subject.rows);
      if (rows.length === 0) nothingToExport('this query has no cached results shown');
      return {
        name: subject.title,
        title: subject.title,
        describe: `the results of ${subject.title}`,
        rows: rows.length,
        xlsx: (meta) => [discoverySheet(rows, meta)],
        csv: () => discoveryCsv(rows),
      };
    }
    case 'list': {
      const summary = sources.lists.known().find((l) => l.listId === subject.listId);
      if (!summary) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That list is not in this workspace: sync it first.' });
      const title = listLabel({ listId: subject.listId, name: summary.name });
      const notesOf = notesLookup(sources.notes);
      const shown = sources.lists.items(subject.listId).filter((i) => passesNotesFilter(notesOf(i), subject));
      const items = ticked(orderItems(shown, subject.sort, statusRanks(sources.notes)), (i) => String(i.position), subject.rows);
      if (items.length === 0) nothingToExport('this list has no items in the cache');
      return { name: title, title, describe: title, rows: items.length, xlsx: (meta) => [listSheet(items, meta)], csv: () => listCsv(items) };
    }
    case 'shortlist': {
      // The page's filters, as the page applies them (Shortlist.tsx).
      const shown = sources.discovery.shortlist().filter((i) => passesNotesFilter(i, subject));
      const items = ticked(shown, (i) => String(i.id), subject.rows);
      if (items.length === 0) nothingToExport('no shortlisted account is shown');
      const steps = sources.notes.steps().steps;
      const title = 'Shortlist';
      return { name: title, title, describe: `the shortlist (${plural(items.length, 'account')})`, rows: items.length, xlsx: (meta) => [shortlistSheet(items, steps, meta)], csv: () => shortlistCsv(items, steps) };
    }
    case 'creators': {
      const search = subject.text?.trim() ?? '';
      const creators = sources.creators.list(search);
      if (creators.length === 0) nothingToExport(search ? 'no creator matches this search' : 'no creators are in the cache');
      const title = search ? `Creators matching “${search}”` : 'Creators';
      return { name: title, title, describe: plural(creators.length, 'creator'), rows: creators.length, xlsx: (meta) => [creatorsSheet(creators, meta)], csv: () => creatorsCsv(creators) };
    }
    case 'campaign': {
      const view = sources.campaigns.get(subject.id);
      if (!view) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That campaign is no longer saved; it may have been deleted.' });
      const { campaign, plan } = view;
      if (plan.creators.length === 0) nothingToExport(`“${campaign.name}” has no creators yet`);
      const title = `Media plan: ${campaign.name}`;
      return {
        name: title,
        title,
        describe: `the media plan of ${campaign.name}`,
        rows: plan.creators.length,
        xlsx: (meta) => mediaPlanSheets(campaign, plan, meta),
        // pdf-lib and the fonts are loaded with the first PDF, not at start.
        pdf: async (meta) => (await import('../campaigns/mediaPlanPdf')).drawMediaPlan({ campaign, plan, brand: meta.brand, logoPng: meta.logoPng, title, createdAt: meta.createdAt }),
      };
    }
    case 'compare': {
      const snapshots = subject.items.map(({ snapshotId }): SnapshotDetail => {
        const found = sources.companions.snapshot(snapshotId);
        if (!found) throw new ScoutError({ code: 'INVALID_INPUT', message: 'A report of this comparison is no longer in the cache (was it restored from an older backup?). Add the account again.' });
        return found;
      });
      const model = buildCompareModel(snapshots, subject.items.map((i) => i.note), subject.period);
      return {
        name: subject.title,
        title: subject.title,
        describe: `the comparison ${subject.title}`,
        rows: model.rows.length,
        xlsx: (meta) => comparisonSheets(model, meta),
        csv: (meta) => comparisonCsv(model, meta.brand),
      };
    }
  }
}
