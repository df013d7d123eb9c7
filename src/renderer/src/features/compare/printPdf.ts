// A comparison's print layout as PDF: Electron prints the window and asks where to save; a
// browser opens its own print dialog.
import { scout } from '../../data/scoutClient';

/** The print layout to PDF: Electron prints the window and asks where to save; a browser prints. */
export async function printPdf(name: string): Promise<string> {
  const result = await scout.invoke('compare:printPdf', { suggestedName: name });
  if (!result.openedByHost) {
    window.print();
    return 'Printed with the browser’s print dialog (choose “Save as PDF” there).';
  }
  return result.savedTo ? `Saved to ${result.savedTo}.` : 'Not saved: the save dialog was closed.';
}
