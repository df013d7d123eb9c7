// Archive: PDF reports kept in the workspace's archive: the API's PDF of a report, and Scout's own
// client report made from the cache (archive:clientReport).
import { z } from 'zod';
import { archiveSorts, type ArchivedPdf, type ArchiveProgress } from '@shared/archive';
import { clientReportNoteSchema } from '@shared/clientReport';
import type { CostQuote } from '@shared/reports';
import { account, network, op, teamUnreachableConfirmed, withAccountRef, workspaceId, type Exact, type OperationsOf } from './common';
import type { ArchiveChannel, ArchiveEventName } from './archive.channels';

export const archiveOperations = {
  /** What exporting this account's PDF costs now: a PDF unlocks the report, so it costs what a report request would. */
  'archive:quote': op<CostQuote>()(withAccountRef(z.object({ network, account }).strict())),
  /**
   * Asks the API for the PDF (polling while it is made, progress as `archive:changed`), downloads
   * it into the workspace's archive folder at once and records it. `confirmedCost` and
   * `workspace` as for `reports:fetch`: nothing is sent when either no longer holds.
   */
  'archive:export': op<ArchivedPdf>()(
    withAccountRef(z.object({ network, account, confirmedCost: z.union([z.literal(0), z.literal(1)]), workspace: workspaceId.optional(), ...teamUnreachableConfirmed }).strict()),
  ),
  /** The same again for an archived PDF's account (a fresh copy), quoted and confirmed the same way. */
  'archive:exportAgain': op<ArchivedPdf>()(
    z.object({ id: z.number().int().positive(), confirmedCost: z.union([z.literal(0), z.literal(1)]), workspace: workspaceId.optional(), ...teamUnreachableConfirmed }).strict(),
  ),
  'archive:cancel': op<{ cancelled: boolean }>()(withAccountRef(z.object({ network, account }).strict())),
  'archive:list': op<ArchivedPdf[]>()(
    z.object({ text: z.string().max(200).optional(), network: network.optional(), sort: z.enum(archiveSorts).optional() }).strict(),
  ),
  /** Electron opens the file in the system's viewer; browser mode answers the address it is served at. */
  'archive:open': op<{ openedByHost: boolean; url: string | null }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Electron shows the file in its folder; browser mode answers the path for the page to show. */
  'archive:reveal': op<{ openedByHost: boolean; path: string }>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Removes the file and its row. */
  'archive:delete': op<{ deleted: boolean }>()(z.object({ id: z.number().int().positive() }).strict()),
  /**
   * Scout's own client report of a cached report, made in main from the cache with the report
   * page's own model and formatter, drawn and kept in the archive: offline, no API call, no
   * credit. `fetchedAt` names the report the page showed: main refuses when the cached report is
   * no longer that one (fetched again since).
   */
  'archive:clientReport': op<ArchivedPdf>()(
    withAccountRef(
      z
        .object({
          network,
          account,
          note: clientReportNoteSchema,
          fetchedAt: z.number().int().nonnegative(),
        })
        .strict(),
    ),
  ),
} satisfies OperationsOf<ArchiveChannel>;

export interface ArchiveEvents {
  'archive:changed': ArchiveProgress;
}

const eventsMatchNames: Exact<keyof ArchiveEvents, ArchiveEventName> = true;
void eventsMatchNames;
