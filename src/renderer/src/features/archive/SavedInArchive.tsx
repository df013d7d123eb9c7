// The line that says a PDF is now in the Archive, with the two ways on from it: open the file,
// or go to the Archive. The same after an API export and after a client report.
import type { ArchivedPdf } from '@shared/archive';
import { useScout } from '../../store';
import { errorMessage } from '../../data/scoutClient';
import { formatBytes } from '@shared/format';
import { openArchivedPdf } from './openPdf';

export function SavedInArchive({ pdf, what, testId, onError }: { pdf: Pick<ArchivedPdf, 'id' | 'bytes'>; what: string; testId: string; onError(message: string): void }) {
  const navigate = useScout((s) => s.navigate);
  return (
    <p className="feedback ok" role="status" data-testid={testId}>
      {what} saved in the Archive ({formatBytes(pdf.bytes)}).{' '}
      <button type="button" className="link" onClick={() => void openArchivedPdf(pdf.id).catch((e: unknown) => onError(errorMessage(e)))}>
        Open it
      </button>{' '}
      ·{' '}
      <button type="button" className="link" onClick={() => navigate('archive')}>
        Go to the Archive
      </button>
    </p>
  );
}
