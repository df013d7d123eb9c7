// Each page, in the sidebar's order, with the digit that opens it with Ctrl (Cmd on macOS):
// Settings keeps 9 at the end of the list; Campaigns, added after it was fixed, has 0.
export const pages = [
  { id: 'accounts', label: 'Accounts', key: '1' },
  { id: 'compare', label: 'Compare', key: '2' },
  { id: 'discovery', label: 'Discovery', key: '3' },
  { id: 'competitor', label: 'Competitor analysis', key: '4' },
  { id: 'archive', label: 'Archive', key: '5' },
  { id: 'creators', label: 'Creators', key: '6' },
  { id: 'lists', label: 'Lists', key: '7' },
  { id: 'tracking', label: 'Tracking', key: '8' },
  { id: 'campaigns', label: 'Campaigns', key: '0' },
  { id: 'settings', label: 'Settings', key: '9' },
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
