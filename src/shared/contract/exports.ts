// Exports: files a client receives, written by main from the cache as the page shows it (the
// subject says which page), as jobs that can be stopped.
import { z } from 'zod';
import { cleanTag, MAX_TAG_CHARS } from '@shared/accountNotes';
import { COMPARE_MAX, COMPARE_MIN, comparePeriods } from '@shared/compare';
import { competitorFilters, competitorSortKeys } from '@shared/competitor';
import { resultSortKeys } from '@shared/discoveryResultOrder';
import { exportFormats, type ExportProgress, type ExportResult } from '@shared/exports';
import type { ItemSortKey } from '@shared/listsModel';
import { statusStepId } from '@shared/workflowSchema';
import { competitorId, discoveryPage, op, positiveId, runId, type Exact, type OperationsOf } from './common';
import type { ExportsChannel, ExportsEventName } from './exports.channels';

/** A sort the researcher chose on a table: a column and an order. */
const tableSort = <K extends string>(keys: z.ZodType<K>) => z.object({ key: keys, order: z.enum(['asc', 'desc']) }).strict().nullable();
/** The rows ticked on a table (none: every row shown); a table holds at most 10,000 rows. */
const tickedRows = z.array(z.string().max(200)).max(10_000, 'Export at most 10,000 ticked rows.');
/** A page's filter by the researcher's notes, applied by main as the page applies it (passesNotesFilter). */
const notesFilterFields = {
  status: statusStepId.optional(),
  tag: z.string().refine((t) => cleanTag(t) !== null, `A tag is 1 to ${MAX_TAG_CHARS} characters.`).optional(),
};
/** A title a file carries (the comparison's, the query's, the list's): free text, named in the file. */
const exportTitle = z.string().trim().min(1, 'Give the file a title.').max(200, 'A title is at most 200 characters.');

/** What an export writes, read from the cache as the page shows it. */
const exportSubject = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('competitor'),
      id: competitorId,
      filters: competitorFilters.optional(),
      sort: z.object({ key: z.enum(competitorSortKeys), order: z.enum(['asc', 'desc']) }).strict().optional(),
    })
    .strict(),
  /** A query's cached results: every cached page or one of them, in the table's order, the ticked rows or all shown. */
  z
    .object({ kind: z.literal('discovery'), title: exportTitle, body: z.unknown(), sandbox: z.boolean(), page: discoveryPage.nullable(), sort: tableSort(z.enum(resultSortKeys)), ...notesFilterFields, rows: tickedRows })
    .strict(),
  /** A synced list's items in the table's order (every page of it), the ticked ones or all. */
  z
    .object({
      kind: z.literal('list'),
      listId: positiveId('A list id is a whole number from 1.'),
      sort: tableSort(z.string().regex(/^(title|network|followers|er|inLists|status|field:[\w.-]{1,100})$/, 'That is not a column of the list.') as z.ZodType<ItemSortKey>),
      ...notesFilterFields,
      rows: tickedRows,
    })
    .strict(),
  /** The creators in the cache matching the page's search. */
  z.object({ kind: z.literal('creators'), text: z.string().max(200).optional() }).strict(),
  /** The shortlist with the page's filters (a status step or 'none', a tag), the ticked accounts (their ids) or all shown. */
  z
    .object({
      kind: z.literal('shortlist'),
      ...notesFilterFields,
      rows: tickedRows,
    })
    .strict(),
  /** A campaign's media plan: its creators, agreed posts, fees and every forecast figure with its source (XLSX or PDF). */
  z.object({ kind: z.literal('campaign'), id: positiveId('A campaign id is a whole number from 1.') }).strict(),
  /** A comparison as the page shows it: its accounts pinned to their snapshots, with notes, for one period. */
  z
    .object({
      kind: z.literal('compare'),
      title: exportTitle,
      period: z.enum(comparePeriods),
      items: z
        .array(z.object({ snapshotId: z.number().int().positive(), note: z.string().max(2000, 'A note is at most 2000 characters.').default('') }).strict())
        .min(COMPARE_MIN, `A comparison needs at least ${COMPARE_MIN} accounts.`)
        .max(COMPARE_MAX, `A comparison holds at most ${COMPARE_MAX} accounts.`),
    })
    .strict(),
]);
export type ExportSubject = z.output<typeof exportSubject>;

export const exportsOperations = {
  /**
   * Writes a file from the cache (the subject says what: the posts of a competitor analysis as
   * the post browser filters and sorts them …), as the job `runId`: the desktop app asks where
   * and writes it there, browser mode answers a download address. Progress in `exports:changed`.
   */
  'exports:save': op<ExportResult>()(z.object({ runId, format: z.enum(exportFormats), subject: exportSubject }).strict()),
  /** Stops the export `runId`; what was written of it is removed. */
  'exports:cancel': op<{ cancelled: boolean }>()(z.object({ runId }).strict()),
} satisfies OperationsOf<ExportsChannel>;

export interface ExportsEvents {
  'exports:changed': ExportProgress;
}

const eventsMatchNames: Exact<keyof ExportsEvents, ExportsEventName> = true;
void eventsMatchNames;
