// Files Scout writes for a researcher to hand on (sheets of Compare, Discovery, Competitor, Lists
// and Creators; a campaign's media plan as a workbook and a PDF): main reads them from the cache and writes them itself, straight to the file the
// researcher chose (the desktop app's save dialog) or to a download the browser fetches once
// (browser mode). No file crosses the IPC boundary; what crosses is what to export, and its progress.
import type { WorkspaceId } from './workspaces';

export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** How the export buttons name each form. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel (XLSX)', csv: 'CSV', pdf: 'PDF' };

/** An export's progress, as main writes it (`exports:changed`). */
export interface ExportProgress {
  workspace: WorkspaceId;
  runId: string;
  phase: 'writing' | 'finished';
  /** Rows written of `total` (0 of 0 while they are being counted). */
  done: number;
  total: number;
  /** Why it ended without a file, in words (a cancel is code CANCELLED). */
  error: { code: string; message: string } | null;
}

export interface ExportResult {
  /**
   * `saved`: written to `savedTo` (the desktop app); `download`: ready at `downloadUrl` for the
   * browser to fetch, once, within half an hour (browser mode); `not-saved`: the save dialog was
   * closed, nothing written.
   */
  outcome: 'saved' | 'download' | 'not-saved';
  fileName: string;
  rows: number;
  bytes: number;
  savedTo: string | null;
  downloadUrl: string | null;
}
