// Saving a file the page made: Electron asks where (files:saveAs) and writes it; browser mode
// downloads it from the page (a Blob and an a[download]), which is all a browser allows.
import type { SaveFileResult } from '@shared/contract';
import { scout } from './scoutClient';

function base64Of(bytes: Uint8Array): string {
  let text = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function download(bytes: Uint8Array, name: string, mimeType: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the bytes by the next task; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What happened, in words for the page's status line. */
export async function saveFile(bytes: Uint8Array, name: string, mimeType: string): Promise<string> {
  const result: SaveFileResult = await scout.invoke('files:saveAs', { suggestedName: name, mimeType, base64: base64Of(bytes) });
  if (!result.openedByHost) {
    download(bytes, name, mimeType);
    return `${name} downloaded.`;
  }
  return result.savedTo ? `Saved to ${result.savedTo}.` : 'Not saved: the save dialog was closed.';
}
