// Opening an archived PDF: Electron hands the file to the system's viewer; browser mode opens the
// address main serves it at (by id, behind the session) in a new tab.
import { scout } from '../../data/scoutClient';

export async function openArchivedPdf(id: number): Promise<void> {
  const answer = await scout.invoke('archive:open', { id });
  if (!answer.openedByHost && answer.url) window.open(answer.url, '_blank', 'noopener');
}

/** Where the file is: Electron shows it in its folder; browser mode answers the path to show. */
export async function revealArchivedPdf(id: number): Promise<string | null> {
  const answer = await scout.invoke('archive:reveal', { id });
  return answer.openedByHost ? null : answer.path;
}
