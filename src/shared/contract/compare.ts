// Compare: saved comparisons of accounts, each pinned to snapshots, and their print to PDF.
import { z } from 'zod';
import { fileNameProblem } from '@shared/fileNames';
import { COMPARE_MAX, COMPARE_MIN, comparePeriods, type ComparisonView, type LatestSnapshot, type SavedComparison } from '@shared/compare';
import { account, network, noInput, op, seenVersion, withAccountRef, type OperationsOf } from './common';
import type { CompareChannel } from './compare.channels';

/** What the print of a comparison did: Electron writes the PDF where the researcher chose; browser mode leaves the print to the page. */
export interface SaveFileResult {
  /** False in browser mode: the page prints with the browser's own dialog. */
  openedByHost: boolean;
  /** Where the file was written; null when the dialog was cancelled or the host did not open one. */
  savedTo: string | null;
}

/** A file name a save dialog starts from: a name only, never a path. */
const suggestedName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One account of a comparison, pinned to one of its snapshots. */
const comparisonItem = withAccountRef(
  z
    .object({
      network,
      account,
      snapshotId: z.number().int().positive(),
      note: z.string().max(2000, 'A note is at most 2000 characters.').default(''),
    })
    .strict(),
);

export const compareOperations = {
  /** Saved comparisons, newest first. */
  'compare:list': op<SavedComparison[]>()(noInput),
  /** A saved comparison, and per account the newest snapshot when it is newer than the pinned one. */
  'compare:get': op<ComparisonView | null>()(z.object({ id: z.number().int().positive() }).strict()),
  /**
   * Creates a comparison, or replaces the one with `id`. Every snapshot must be one of its
   * account's; Update is saving again with the latest snapshot ids (`compare:latest`).
   */
  'compare:save': op<SavedComparison>()(
    z
      .object({
        id: z.number().int().positive().optional(),
        name: z.string().trim().min(1, 'Give the comparison a name.').max(120, 'A comparison’s name is at most 120 characters.'),
        period: z.enum(comparePeriods),
        items: z
          .array(comparisonItem)
          .min(COMPARE_MIN, `A comparison needs at least ${COMPARE_MIN} accounts.`)
          .max(COMPARE_MAX, `A comparison holds at most ${COMPARE_MAX} accounts.`),
        /**
         * What its editor showed when the researcher began (`comparisonSeen` of the view: its
         * `team.version`, name, period and notes by `network:accountKey`): only what differs from
         * it is applied to the comparison as it is now, and a Team workspace shares the edit as
         * made on that version. Absent: saved as given, on the latest version this laptop has.
         */
        seen: z
          .object({
            version: seenVersion,
            name: z.string().max(200),
            period: z.enum(comparePeriods),
            notes: z.record(z.string().max(500), z.string().max(2000)).refine((n) => Object.keys(n).length <= COMPARE_MAX, 'Too many notes.'),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  'compare:delete': op<{ deleted: boolean }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** The newest cached snapshot of each account; accounts with no cached report are left out. */
  'compare:latest': op<LatestSnapshot[]>()(
    z.object({ accounts: z.array(withAccountRef(z.object({ network, account }).strict())).min(1).max(COMPARE_MAX) }).strict(),
  ),
  /** Electron prints the window (already in its print layout) to PDF and asks where to save it; browser mode prints from the page. */
  'compare:printPdf': op<SaveFileResult>()(z.object({ suggestedName }).strict()),
} satisfies OperationsOf<CompareChannel>;
