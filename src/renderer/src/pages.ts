export const pages = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'compare', label: 'Compare' },
  { id: 'discovery', label: 'Discovery' },
  { id: 'competitor', label: 'Competitor analysis' },
  { id: 'archive', label: 'Archive' },
  { id: 'creators', label: 'Creators' },
  { id: 'lists', label: 'Lists' },
  { id: 'tracking', label: 'Tracking' },
  { id: 'settings', label: 'Settings' },
] as const;

export type PageId = (typeof pages)[number]['id'];

export function pageFromHash(hash: string): PageId {
  const id = hash.replace(/^#\/?/, '').split('/')[0];
  return pages.find((p) => p.id === id)?.id ?? 'accounts';
}

/**
 * The part of the address after the page: `#/accounts/instagram/natgeo` → ['instagram', 'natgeo'].
 * A part with a broken %-escape stays as typed, for the page to refuse it by name.
 */
export function subpathFromHash(hash: string): string[] {
  return hash.replace(/^#\/?/, '').split('/').slice(1).filter(Boolean).map(decodePart);
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
