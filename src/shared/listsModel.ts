// The rules of the Lists page that need no screen: whether a free sync can be sent now (Creators
// asks the same), how a list id is read where it is typed, which lists hold an item (by their
// names), what a sync's line says, and how a list item's other fields
// (every field the API sent beyond the main columns) are named and shown. In src/shared so main
// can name and write a list's fields in an export exactly as the page and its CSV do.
import type { ConnectionState, WorkspaceState } from './contract';
import { isPositiveId } from './ids';
import { countryName } from './countries';
import { listLabel } from './lists';
import { DASH, formatDate, formatExact, formatMetric, networkLabels, plural } from './format';
import { sortRows, type SortState, type SortValue } from './dataTable';
import type { ListItemView } from './discoveryData';

/**
 * Why a sync (free, but it asks the API) cannot be sent now, in words; null when it can. The
 * cache answers either way: what was synced before stays on the page.
 */
export function syncBlocker(state: { connection: ConnectionState | null; workspace: WorkspaceState | null }): string | null {
  const { connection, workspace } = state;
  if (connection?.manualOffline || connection?.mode === 'offline') return 'Scout is working offline: syncing asks the API. Choose “Go online” in the top bar first; what was synced before is below.';
  if (connection?.mode === 'unreachable')
    return `The API cannot be reached${connection.reason ? ` (${connection.reason.replace(/\.$/, '')})` : ''}, so nothing can be synced now; what was synced before is below.`;
  const active = workspace?.workspaces.find((w) => w.id === workspace.active);
  if (active && !active.credentials.hasCredentials) return 'No API credentials are saved for this workspace. Add them in Settings → Production API.';
  return null;
}

/** What the last sync of a list said: how many items it holds now, or why it failed (`words`). */
export type SyncNote = { tone: 'ok'; listId: number; itemCount: number; complete: boolean } | { tone: 'error'; listId: number; words: string };

/**
 * The sync's line, naming the list as it is called now (`name`: a name given after the sync is
 * the one said): 'Summer shortlist: 210 items in the cache. Nothing was spent.'
 */
export function syncNoteText(note: SyncNote, name: string | null): string {
  const label = listLabel({ listId: note.listId, name });
  if (note.tone === 'error') return `${label} was not synced: ${note.words}`;
  return `${label}: ${plural(note.itemCount, 'item')} in the cache${note.complete ? '' : ' (the API stopped before the end: sync again for the rest)'}. Nothing was spent.`;
}

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** A list id as typed: a whole number from 1. */
export function readListId(text: string): Read<number> {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'Enter the number of a list.' };
  if (!/^\d+$/.test(t)) return { ok: false, message: 'A list id is a whole number, such as 12.' };
  const n = Number(t);
  if (!isPositiveId(n)) return { ok: false, message: 'A list id is a whole number from 1.' };
  return { ok: true, value: n };
}

// ---- a list item's other fields --------------------------------------------------------------

/** Fields already shown in their own columns (or of no use to a reader), under the names main may keep them. */
const shownElsewhere = new Set(['name', 'username', 'type', 'followers', 'er', 'avatar_url', 'avatarUrl', 'title', 'network', 'account']);

const fieldLabels: Record<string, string> = {
  comment: 'Comment',
  created: 'First requested',
  audience_age: 'Main audience age',
  audience_geo: 'Main audience country',
  quality_audience: 'Real followers',
  auth_engagement: 'Authentic engagement',
  aqs: 'Audience quality (AQS)',
};

/** The API's internal ids (report_id, any other …_id): no researcher's words, so never a column. */
function isInternalId(key: string): boolean {
  return key === 'id' || /_id$/i.test(key) || /Id$/.test(key);
}

/** Fields in the order a reader wants them: the known ones as above, then the rest A→Z. */
export function otherFieldKeys(items: readonly { fields: Record<string, unknown> }[]): string[] {
  const keys = new Set<string>();
  for (const item of items) for (const key of Object.keys(item.fields)) if (!shownElsewhere.has(key) && !isInternalId(key)) keys.add(key);
  const known = Object.keys(fieldLabels).filter((k) => keys.has(k));
  const rest = [...keys].filter((k) => !(k in fieldLabels)).sort();
  return [...known, ...rest];
}

/** The lists holding an item, by the names the researcher gave them: 'Summer shortlist, List 5'. */
export function inListsText(lists: readonly { listId: number; name: string | null }[]): string {
  return lists.length === 0 ? DASH : lists.map(listLabel).join(', ');
}

/** 'quality_audience' → its label; an unknown field by its own name made readable. */
export function fieldLabel(key: string): string {
  return fieldLabels[key] ?? (key.charAt(0).toUpperCase() + key.slice(1)).replace(/[_.]+/g, ' ');
}

/** A field's value for the table: dates as dates, shares as %, counts by the one formatter; anything else as sent. */
export function fieldText(key: string, value: unknown): { text: string; title?: string } {
  if (value === null || value === undefined || value === '') return { text: DASH };
  if (typeof value === 'number' && Number.isFinite(value)) {
    // The API's unix time in seconds (main may keep it in ms).
    if (key === 'created') return { text: formatDate(value < 1e11 ? value * 1000 : value) };
    if (key === 'auth_engagement') return { text: formatMetric(value, 'percent'), title: formatExact(value, 'percent') };
    return { text: formatMetric(value, 'count'), title: formatExact(value) };
  }
  // The main audience country comes as a code: said by its name, as everywhere else.
  if (typeof value === 'string' && key === 'audience_geo') return { text: countryName(value), title: value };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return { text: value ? 'yes' : 'no' };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return { text: value.join(', ') };
  const json = JSON.stringify(value);
  return { text: json.length > 80 ? `${json.slice(0, 79)}…` : json, title: json };
}

/** The items table's columns that sort (an item's other fields are `field:<key>`). */
export type ItemSortKey = 'title' | 'network' | 'followers' | 'er' | 'inLists' | 'status' | `field:${string}`;

/**
 * What the items table sorts a column by: the page and its export order the items by the same
 * rule. The researcher's status is not in an item: its place in the pipeline comes from the caller.
 */
export function itemSortValue(key: ItemSortKey, statusRankOf: (item: ListItemView) => number | null = () => null): (item: ListItemView) => SortValue {
  switch (key) {
    case 'status':
      return statusRankOf;
    case 'title':
      return (i) => i.title ?? i.username ?? i.account;
    case 'network':
      return (i) => (i.network ? networkLabels[i.network] : null);
    case 'followers':
      return (i) => i.followers;
    case 'er':
      return (i) => i.er;
    case 'inLists':
      return (i) => inListsText(i.inLists);
    default: {
      const field = key.slice('field:'.length);
      return (i) => {
        const v = i.fields[field];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      };
    }
  }
}

/** The items in the table's order: the API's, or a column's. */
export function orderItems(items: readonly ListItemView[], sort: SortState<ItemSortKey> | null, statusRankOf?: (item: ListItemView) => number | null): readonly ListItemView[] {
  return sort ? sortRows(items, itemSortValue(sort.key, statusRankOf), sort.order) : items;
}
