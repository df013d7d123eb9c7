// What other features may use of the Archive: a report's "Export PDF" (quoted, kept in the archive).
export { ExportPdf } from './ExportPdf';
export { openArchivedPdf } from './openPdf';
export { SavedInArchive } from './SavedInArchive';
