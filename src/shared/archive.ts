// The PDF archive as the renderer sees it: what is kept, and where an export stands.
import type { Network } from './reports';
import type { WorkspaceId } from './workspaces';

/** The API's PDF of a report, or Scout's own client report made from the cache. */
export const archiveKinds = ['api', 'client'] as const;
export type ArchiveKind = (typeof archiveKinds)[number];

export const archiveSorts = ['newest', 'oldest', 'account', 'size'] as const;
export type ArchiveSort = (typeof archiveSorts)[number];

/** One archived PDF. Paths stay in main; the page only ever names a PDF by its id. */
export interface ArchivedPdf {
  id: number;
  kind: ArchiveKind;
  network: Network;
  accountKey: string;
  /** The name to ask the API for again (a YouTube channel id keeps its letter case). */
  apiName: string;
  title: string | null;
  /** The file's name in the archive folder (no folder). */
  fileName: string;
  bytes: number;
  /** When the report data the PDF was exported from was fetched. */
  reportDate: number | null;
  exportedAt: number;
  /** The API's link, dead after its expiry; the archived file outlives it. */
  sourceUrl: string | null;
  linkExpiresAt: number | null;
  /** The file is no longer in the archive folder (deleted or moved outside Scout). */
  missing: boolean;
}

/** An export under way; the last one of an export has phase 'finished'. */
export interface ArchiveProgress {
  /** The workspace the export runs in, as in every progress event. */
  workspace: WorkspaceId;
  network: Network;
  accountKey: string;
  phase: 'requesting' | 'generating' | 'downloading' | 'finished';
  /** The API's retryTtl while the PDF is being made. */
  retryInSec: number | null;
  attempt: number;
  elapsedMs: number;
  /** Set on 'finished': the archived PDF, or what went wrong. */
  pdfId?: number;
  error?: { code: string; message: string } | null;
}

/** The address browser mode serves an archived PDF at: by id only, never by path. */
export const archiveFileUrl = (id: number) => `/archive/${id}.pdf`;
