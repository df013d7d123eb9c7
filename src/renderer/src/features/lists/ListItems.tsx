// The open list's items: a page of the table at a time, ticked across pages, filtered by status and
// tags, exported, and sent to Compare or fetched. Apart from ListsPage.tsx (the synced lists and
// their sync) so each file holds one part of the page.
import { useCallback, useMemo, useState } from 'react';
import { fetchThroughAddFlow } from '../../data/runs';
import type { ListItemView, ListSummary } from '@shared/discoveryData';
import { parseAccountRef } from '@shared/accountInput';
import { listLabel } from '@shared/lists';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { Avatar } from '../../shared/Avatar';
import {
  DataTable,
  EmptyState,
  ErrorState,
  emptySelection,
  formatAge,
  formatCount,
  formatDateTime,
  formatExact,
  formatMetric,
  plural,
  ExportActions,
  type Column,
  type Selection,
  type SortState,
} from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { accountHandle } from '@shared/labels';
import type { PickedAccount } from '../compare';
import { fieldLabel, fieldText, inListsText, orderItems, otherFieldKeys, type ItemSortKey } from '@shared/listsModel';
import { hasNotesFilter, NotesFilter, passesNotesFilter, RowNotes, StatusName, StatusStepsProvider, useNotesIndex, useStatusSteps, type NotesFilterValue } from '../workflow';
import { statusRank, type StatusStep } from '@shared/workflow';
import { ListName } from './ListName';

const NO_STEPS: readonly StatusStep[] = [];

/** Items shown at a time: a list of thousands pages rather than making one very long table. */
export const ITEMS_PER_PAGE = 100;

const pickOf = (item: ListItemView): (PickedAccount & { account: string }) | null => {
  if (!item.network || !item.account) return null;
  const ref = parseAccountRef(item.account, item.network);
  if (!ref.ok) return null;
  return { network: item.network, accountKey: ref.value.key, title: item.title, username: item.username ?? item.account, avatarUrl: item.avatarUrl, account: item.account };
};

export function ListItems({
  listId,
  summary,
  items,
  error,
  onSync,
  onRenamed,
}: {
  listId: number;
  summary: ListSummary | null;
  /** The list's items in the cache, null while they are read. */
  items: ListItemView[] | null;
  error: string | null;
  onSync: (() => void) | null;
  onRenamed: () => void;
}) {
  const label = listLabel({ listId, name: summary?.name ?? null });
  const navigate = useScout((s) => s.navigate);
  const addToCompare = useScout((s) => s.addToCompare);
  const [sort, setSort] = useState<SortState<ItemSortKey> | null>(null);
  const [page, setPage] = useState(0);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [note, setNote] = useState<string | null>(null);

  const fieldKeys = useMemo(() => otherFieldKeys(items ?? []), [items]);
  // The researcher's status and tags on the list's accounts: under each name, and a filter over the whole list.
  const notes = useNotesIndex();
  const steps = useStatusSteps().data?.steps ?? NO_STEPS;
  const statusOf = useCallback((i: ListItemView) => notes.lookup(i.network, i.account)?.status ?? null, [notes]);
  // Your status: a column while some item has one (or the items are sorted by it).
  const statusColumn = sort?.key === 'status' || (items ?? []).some((i) => statusOf(i) !== null);
  const columns = useMemo<Column<ListItemView, ItemSortKey>[]>(() => {
    // The table sorts by the one rule the export orders its file by (orderItems).
    const base: Column<ListItemView, ItemSortKey>[] = [
      {
        key: 'title',
        label: 'Account',
        cell: (i) => (
          <span className="list-account">
            <Avatar url={i.avatarUrl} label={i.title ?? i.username ?? '?'} size={28} />
            <span className="list-account-names" title={[i.title ?? i.username ?? i.account, i.username && i.username !== i.title ? accountHandle(i.network, i.username) : null].filter(Boolean).join(' ')}>
              <span className="list-title truncate">{i.title ?? i.username ?? i.account ?? '—'}</span>
              {i.username && i.username !== i.title && <span className="muted list-username truncate"> {accountHandle(i.network, i.username)}</span>}
              <RowNotes notes={notes.lookup(i.network, i.account)} showStatus={!statusColumn} />
            </span>
          </span>
        ),
      },
      ...(statusColumn ? [{ key: 'status', label: 'Status', cell: (i: ListItemView) => <StatusName status={statusOf(i)} /> } as const] : []),
      { key: 'network', label: 'Network', cell: (i) => (i.network ? networkLabels[i.network] : 'Unknown') },
      { key: 'followers', label: 'Followers', numeric: true, cell: (i) => formatMetric(i.followers, 'count'), title: (i) => formatExact(i.followers) },
      { key: 'er', label: 'Engagement rate', numeric: true, cell: (i) => formatMetric(i.er, 'percent'), title: (i) => formatExact(i.er, 'percent') },
      { key: 'inLists', label: 'In lists', cell: (i) => inListsText(i.inLists) },
    ];
    const others = fieldKeys.map((key): Column<ListItemView, ItemSortKey> => ({
      key: `field:${key}`,
      label: fieldLabel(key),
      numeric: items?.some((i) => typeof i.fields[key] === 'number' && key !== 'created') ?? false,
      cell: (i: ListItemView) => fieldText(key, i.fields[key]).text,
      title: (i: ListItemView) => fieldText(key, i.fields[key]).title,
    }));
    return [...base, ...others];
  }, [fieldKeys, items, notes, statusColumn, statusOf]);

  const [notesFilter, setNotesFilter] = useState<NotesFilterValue>({});
  const filtered = useMemo(
    () => (hasNotesFilter(notesFilter) ? (items ?? []).filter((i) => passesNotesFilter(notes.lookup(i.network, i.account), notesFilter)) : (items ?? [])),
    [items, notes, notesFilter],
  );
  // Sorted by status: the steps' order, as the library and the file sort it.
  const sorted = useMemo(() => orderItems(filtered, sort, (i) => statusRank(steps, statusOf(i))), [filtered, sort, steps, statusOf]);
  const pages = Math.max(1, Math.ceil(sorted.length / ITEMS_PER_PAGE));
  const at = Math.min(page, pages - 1);
  const shown = sorted.slice(at * ITEMS_PER_PAGE, (at + 1) * ITEMS_PER_PAGE);
  const rowKey = (i: ListItemView) => String(i.position);

  const chosen = useMemo(() => (items ?? []).filter((i) => selection.keys.has(String(i.position))), [items, selection]);
  const picks = chosen.map(pickOf).filter((p): p is NonNullable<typeof p> => p !== null);
  const unusable = chosen.length - picks.length;
  const leftOut = unusable ? ` ${plural(unusable, 'item')} without a known network or account left out.` : '';

  // The table shows one page: a change there keeps what was ticked on the other pages.
  const onSelectionChange = (next: Selection) => {
    const onPage = new Set(shown.map(rowKey));
    const keys = new Set([...selection.keys].filter((k) => !onPage.has(k)));
    for (const k of next.keys) keys.add(k);
    setSelection({ keys, anchor: next.anchor });
    setNote(null);
  };

  const sendToCompare = () => {
    const added = addToCompare(picks.map(({ account: _account, ...pick }) => pick));
    setNote(`${plural(added, 'account')} added to the Compare tray${added < picks.length ? ` (${picks.length - added} already there or over its limit)` : ''}.${leftOut}`);
  };

  const fetchReports = () => {
    const why = fetchThroughAddFlow(picks.map((p) => ({ network: p.network as Network, account: p.account })));
    if (why) setNote(why);
  };

  const open = (item: ListItemView) => {
    if (item.network && item.account) navigate('accounts', [item.network, item.account]);
    else setNote('This item names no account Scout can open: its network or account is missing.');
  };

  return (
    <section aria-labelledby="list-items-title" className="list-items" data-testid="list-items">
      <div className="page-head">
        <ListName listId={listId} summary={summary} onRenamed={onRenamed} />
        <span className="muted" data-testid="list-summary">
          {summary ? `${plural(summary.itemCount, 'item')} · synced ${summary.syncedAt === null ? 'never' : `${formatDateTime(summary.syncedAt)} (${formatAge(summary.syncedAt)})`}` : 'Not synced yet'}
          {summary && !summary.complete && ' · incomplete'}
        </span>
        <button type="button" onClick={onSync ?? undefined} disabled={!onSync}>
          Sync again
        </button>
      </div>
      {error ? (
        <ErrorState title="This list's items could not be read.">{error}</ErrorState>
      ) : items === null ? (
        <p className="muted">Reading the cache…</p>
      ) : items.length === 0 ? (
        <EmptyState title="No item of this list is in the cache." testId="list-items-empty">
          Sync the list to fetch its items (free).
        </EmptyState>
      ) : (
        <>
          <div className="toolbar list-actions">
            <span role="status" data-testid="list-selection">
              {chosen.length ? `${plural(chosen.length, 'item')} selected` : 'Tick items to compare them or fetch their reports; click an item to open its report.'}
            </span>
            <button type="button" onClick={sendToCompare} disabled={picks.length === 0}>
              {picks.length ? `Add ${plural(picks.length, 'account')} to Compare` : 'Add to Compare'}
            </button>
            <button type="button" onClick={fetchReports} disabled={picks.length === 0}>
              {picks.length ? `Fetch ${plural(picks.length, 'report')}…` : 'Fetch reports…'}
            </button>
            {chosen.length > 0 && (
              <button type="button" onClick={() => (setSelection(emptySelection), setNote(null))}>
                Clear selection
              </button>
            )}
            <NotesFilter label="Items" value={notesFilter} onChange={(next) => (setNotesFilter(next), setPage(0))} tags={notes.tags} />
            {/* Every item shown, in the table's order (all pages): the file a client receives. */}
            <ExportActions
              subject={() => ({ kind: 'list', listId, sort, ...notesFilter, rows: [] })}
              onStatus={setNote}
              disabled={sorted.length === 0}
              testIds={{ xlsx: 'list-export-xlsx', csv: 'list-export-csv' }}
            />
          </div>
          {note && (
            <p role="status" className="muted" data-testid="list-note">
              {note}
            </p>
          )}
          {sorted.length === 0 && <EmptyState title="No item matches your status and tag filters.">Choose “Any status” and “Any tag” to see the whole list.</EmptyState>}
          {/* More columns than a narrow window holds: the box scrolls sideways, and is a Tab stop for the arrow keys. */}
          <div className="list-table-scroll" role="region" aria-label={`Items of ${label}, scrolling sideways`} tabIndex={0} data-testid="list-table-scroll">
            <StatusStepsProvider>
            <DataTable
              label={`Items of ${label}`}
              className="list-item-table"
              columns={columns}
              rows={shown}
              rowKey={rowKey}
              sort={sort}
              onSortChange={(next) => (setSort(next), setPage(0))}
              onOpen={open}
              selection={selection}
              onSelectionChange={onSelectionChange}
              rowLabel={(i) => i.title ?? i.username ?? `item ${i.position + 1}`}
              rowProps={(i) => ({ 'data-testid': 'list-item-row', 'data-account': i.account ?? undefined, 'data-network': i.network ?? undefined })}
            />
            </StatusStepsProvider>
          </div>
          <nav className="pager" aria-label="Pages of items">
            <button type="button" onClick={() => setPage(at - 1)} disabled={at === 0}>
              ← Previous
            </button>
            <span role="status" data-testid="list-page">
              Items {formatCount(at * ITEMS_PER_PAGE + 1)}–{formatCount(at * ITEMS_PER_PAGE + shown.length)} of {formatCount(sorted.length)}
            </span>
            <button type="button" onClick={() => setPage(at + 1)} disabled={at >= pages - 1}>
              Next →
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
