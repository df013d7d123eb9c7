// Links out of Scout (a post, a brand, a profile on its network) go through main's allow-list:
// main opens it in the system browser (Electron), or checks it and the page opens a tab (browser mode).
import { scout } from '../../data/scoutClient';

export async function openOutside(url: string): Promise<void> {
  const result = await scout.invoke('shell:openExternal', { url });
  if (!result.openedByHost) window.open(result.url, '_blank', 'noopener,noreferrer');
}
