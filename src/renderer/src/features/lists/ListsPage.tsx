// Lists: the saved lists of the API account (auditor.list), synced by id (free) into the cache,
// then read from the cache only, so a list synced once opens offline. The open list is in the
// address (#/lists/6), so going back from a report finds it again. Items open as reports, go to
// the Compare tray, or are fetched through Add accounts (quoted there before anything is spent).
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ListItemView, ListSummary } from '@shared/discoveryData';
import { parseAccountRef } from '@shared/accountInput';
import { listLabel, LIST_NAME_MAX } from '@shared/lists';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { Avatar } from '../../shared/Avatar';
import {
  DataTable,
  EmptyState,
  ErrorState,
  FormField,
  StatusBadge,
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
  isTeamUnreachable,
  teamConfirmed,
  TeamUnreachableConfirm,
  ConfirmSpend,
  TeamQuoteAsk,
  teamQuotePanel,
} from '../../shared/ui';
import type { TeamQuoteNote } from '@shared/reports';
import { networkLabels } from '@shared/format';
import { accountHandle } from '@shared/labels';
import type { PickedAccount } from '../compare';
import { fieldLabel, fieldText, inListsText, orderItems, otherFieldKeys, readListId, syncBlocker, type ItemSortKey } from '@shared/listsModel';
import { teamReceived } from '../../data/scoutQuery';
import { hasNotesFilter, NotesFilter, passesNotesFilter, RowNotes, StatusName, StatusStepsProvider, useNotesIndex, useStatusSteps, type NotesFilterValue } from '../workflow';
import { statusRank, type StatusStep } from '@shared/workflow';

const NO_STEPS: readonly StatusStep[] = [];

/** Items shown at a time: a list of thousands pages rather than making one very long table. */
export const ITEMS_PER_PAGE = 100;

export function ListsPage() {
  const subpath = useScout((s) => s.subpath);
  const navigate = useScout((s) => s.navigate);
  const blocker = useScout((s) => syncBlocker(s));
  const openId = subpath[0] !== undefined && readListId(subpath[0]).ok ? Number(subpath[0]) : null;

  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<{ listId: number; items: number } | null>(null);
  const [syncNote, setSyncNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  /** A sync refused as the team database cannot be asked (main's words): "Buy anyway" syncs it here. */
  const [teamAsk, setTeamAsk] = useState<{ listId: number; message: string } | null>(null);
  /** Team: a sync whose quote said the team database cannot be reached (or is not connected), asked before it is sent. */
  const [teamQuote, setTeamQuote] = useState<{ listId: number; note: TeamQuoteNote } | null>(null);
  const workspace = useScout((s) => s.workspace?.active ?? null);
  // The synced lists, and the open list's items; both are read again after a sync.
  const knownQuery = useScoutQuery(() => scout.invoke('lists:known', {}), [], { keepPrevious: true, refreshOn: [teamReceived('list')] });
  const known = knownQuery.data ?? null;
  const knownError = knownQuery.error;
  const itemsQuery = useScoutQuery(() => scout.invoke('lists:items', { listId: openId! }), [openId], { enabled: openId !== null, refreshOn: [teamReceived('list')] });

  useProgress('lists:changed', (progress) => setSyncing((s) => (s && s.listId === progress.listId ? { ...s, items: progress.items } : s)));

  // The sync's busy state is `syncing`, with the items it has so far (lists:changed).
  const syncingList = useScoutMutation(
    ({ listId, teamUnreachableConfirmed }: { listId: number; teamUnreachableConfirmed: boolean }) => scout.invoke('lists:sync', { listId, ...teamConfirmed(teamUnreachableConfirmed) }),
    {
      onSuccess: (summary, { listId }) => {
        setSyncNote({
          tone: 'ok',
          text: `${listLabel(summary)}: ${plural(summary.itemCount, 'item')} in the cache${summary.complete ? '' : ' (the API stopped before the end: sync again for the rest)'}. Nothing was spent.`,
        });
        navigate('lists', [String(listId)]);
      },
      onError: (words, error, { listId, teamUnreachableConfirmed }) => {
        const field = fieldErrors(error).listId;
        if (isTeamUnreachable(error) && !teamUnreachableConfirmed) setTeamAsk({ listId, message: error.message });
        else if (field) setIdError(field);
        else setSyncNote({ tone: 'error', text: `${listLabel({ listId, name: known?.find((l) => l.listId === listId)?.name ?? null })} was not synced: ${words}` });
      },
    },
  );
  const sync = async (listId: number, teamUnreachableConfirmed = false) => {
    setSyncNote(null);
    setTeamAsk(null);
    setSyncing({ listId, items: 0 });
    await syncingList.run({ listId, teamUnreachableConfirmed });
    setSyncing(null);
    void knownQuery.refresh();
    void itemsQuery.refresh();
  };

  /**
   * A sync asked for: in the Team workspace the team database is asked first what it says of the
   * list (free), and when it cannot be reached or is not connected that is said before anything is
   * sent; otherwise (and elsewhere) it is synced at once.
   */
  const requestSync = async (listId: number) => {
    setTeamQuote(null);
    if (workspace === 'team') {
      const note = await scout.invoke('lists:quote', { listId }).catch((): TeamQuoteNote => ({}));
      if (note.teamUnreachable || note.teamNotConnected) return setTeamQuote({ listId, note });
    }
    await sync(listId);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readListId(idText);
    setIdError(read.ok ? null : read.message);
    if (read.ok) void requestSync(read.value);
  };

  const knownColumns: Column<ListSummary>[] = [
    { key: 'name', label: 'List', cell: (l) => listLabel(l), sortValue: (l) => listLabel(l).toLowerCase(), firstOrder: 'asc' },
    { key: 'items', label: 'Items', numeric: true, cell: (l) => formatCount(l.itemCount), sortValue: (l) => l.itemCount },
    {
      key: 'syncedAt',
      label: 'Synced',
      cell: (l) => (l.syncedAt === null ? 'never' : `${formatDateTime(l.syncedAt)} (${formatAge(l.syncedAt)})`),
      sortValue: (l) => l.syncedAt,
    },
    {
      key: 'complete',
      label: 'State',
      cell: (l) => (l.complete ? <StatusBadge tone="ok">Complete</StatusBadge> : <StatusBadge tone="warning">Incomplete: sync again</StatusBadge>),
      sortValue: (l) => (l.complete ? 1 : 0),
    },
  ];

  return (
    <section aria-labelledby="page-title" data-testid="page-lists" className="lists-page">
      <h1 id="page-title" tabIndex={-1}>
        Lists
      </h1>
      <p className="muted page-intro">
        The saved lists of your API account. Syncing a list is free: its items are kept in this workspace, so the list opens offline afterwards.
      </p>
      <form className="lists-sync" onSubmit={submit} noValidate aria-label="Sync a list">
        <FormField
          label="List id"
          error={idError}
          help="The number of a saved list, as the API's web app shows it in the list's address."
          testId="list-id-field"
          after={
            <button type="submit" className="primary" disabled={syncing !== null || blocker !== null}>
              {syncing ? 'Syncing…' : 'Sync list'}
            </button>
          }
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={idText}
              onChange={(e) => {
                setIdText(e.target.value);
                if (idError) setIdError(null);
              }}
              placeholder="e.g. 12"
            />
          )}
        </FormField>
      </form>
      {blocker && (
        <p className="callout warning" role="status" data-testid="sync-blocked">
          {blocker}
        </p>
      )}
      {syncing && (
        <p role="status" aria-live="polite" data-testid="list-sync-progress">
          Syncing {listLabel({ listId: syncing.listId, name: known?.find((l) => l.listId === syncing.listId)?.name ?? null })}: {plural(syncing.items, 'item')} so far…
        </p>
      )}
      {teamQuote && !syncing && <ListTeamQuote listId={teamQuote.listId} note={teamQuote.note} name={known?.find((l) => l.listId === teamQuote.listId)?.name ?? null} onConfirm={() => (setTeamQuote(null), void sync(teamQuote.listId, true))} onBack={() => setTeamQuote(null)} />}
      {teamAsk && <TeamUnreachableConfirm message={teamAsk.message} onConfirm={() => void sync(teamAsk.listId, true)} onBack={() => setTeamAsk(null)} />}
      {syncNote && (
        <p role={syncNote.tone === 'error' ? 'alert' : 'status'} className={syncNote.tone === 'error' ? 'feedback error' : 'muted'} data-testid="list-sync-note">
          {syncNote.text}
        </p>
      )}

      <h2>Synced lists</h2>
      {knownError ? (
        <ErrorState title="The synced lists could not be read.">{knownError}</ErrorState>
      ) : known === null ? (
        <p className="muted">Reading the cache…</p>
      ) : known.length === 0 ? (
        <EmptyState title="No list synced yet." testId="lists-empty">
          Enter a list id above and choose Sync list.
        </EmptyState>
      ) : (
        <DataTable
          label="Synced lists"
          className="known-lists"
          columns={knownColumns}
          rows={known}
          rowKey={(l) => String(l.listId)}
          onOpen={(l) => navigate('lists', [String(l.listId)])}
          rowProps={(l) => ({ 'data-testid': `known-list-${l.listId}`, 'aria-current': l.listId === openId ? 'true' : undefined })}
        />
      )}

      {openId !== null && (
        <ListItems
          key={openId}
          listId={openId}
          summary={known?.find((l) => l.listId === openId) ?? null}
          items={itemsQuery.data ?? null}
          error={itemsQuery.error}
          onSync={blocker || syncing ? null : () => void requestSync(openId)}
          onRenamed={() => (void knownQuery.refresh(), void itemsQuery.refresh())}
        />
      )}
    </section>
  );
}

const pickOf = (item: ListItemView): (PickedAccount & { account: string }) | null => {
  if (!item.network || !item.account) return null;
  const ref = parseAccountRef(item.account, item.network);
  if (!ref.ok) return null;
  return { network: item.network, accountKey: ref.value.key, title: item.title, username: item.username ?? item.account, avatarUrl: item.avatarUrl, account: item.account };
};

/**
 * The list's name, and renaming it in place: Rename opens the field with the name selected; Enter
 * keeps it, Escape leaves it as it was, and either way the focus goes back to Rename. An empty
 * name gives the list back its number.
 */
function ListName({ listId, summary, onRenamed }: { listId: number; summary: ListSummary | null; onRenamed: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const renaming = useScoutMutation((name: string) => scout.invoke('lists:rename', { listId, name }), {
    onSuccess: () => {
      onRenamed();
      close();
    },
    onError: (words, e) => setError(fieldErrors(e).name ?? fieldErrors(e).listId ?? words),
  });
  const busy = renaming.busy;
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const label = listLabel({ listId, name: summary?.name ?? null });

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const close = () => {
    setEditing(false);
    setError(null);
    // Back where the researcher was, once the button is drawn again.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await renaming.run(text);
  };

  if (!editing) {
    return (
      <>
        <h2 id="list-items-title" data-testid="list-name">
          {label}
        </h2>
        <button
          type="button"
          ref={renameButton}
          disabled={summary === null}
          title={summary === null ? 'Sync the list before naming it.' : undefined}
          onClick={() => (setText(summary?.name ?? ''), setEditing(true))}
        >
          {summary?.name ? 'Rename…' : 'Name this list…'}
        </button>
      </>
    );
  }
  return (
    <>
      <h2 id="list-items-title" className="visually-hidden">
        {label}
      </h2>
      <form
        className="list-rename"
        aria-label={`Name ${label}`}
        noValidate
        onSubmit={(e) => void save(e)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          }
        }}
      >
        <FormField
          label="List name"
          error={error}
          help={`Your own name for list ${listId} in this workspace (the API's lists have none); empty to go back to its number.`}
          testId="list-name-field"
          after={
            <>
              <button type="submit" className="primary" disabled={busy}>
                Save name
              </button>
              <button type="button" onClick={close}>
                Cancel
              </button>
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              autoComplete="off"
              maxLength={LIST_NAME_MAX + 20}
              value={text}
              placeholder="e.g. Summer shortlist"
              onChange={(e) => (setText(e.target.value), setError(null))}
            />
          )}
        </FormField>
      </form>
    </>
  );
}

function ListItems({
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
  const fetchThroughAddFlow = useScout((s) => s.fetchThroughAddFlow);
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

/** A list's sync as the team database sees it, before it is sent: "Buy anyway" / "Not now", or where to connect. */
function ListTeamQuote({ listId, name, note, onConfirm, onBack }: { listId: number; name: string | null; note: TeamQuoteNote; onConfirm: () => void; onBack: () => void }) {
  const team = teamQuotePanel(note, 'Sync the list', 'Cancel');
  return (
    <ConfirmSpend
      className="callout warning"
      label="Confirm the list sync"
      testId="list-sync-confirm"
      confirmLabel={team.confirmLabel}
      confirmDisabled={team.refused}
      onConfirm={onConfirm}
      backLabel={team.backLabel}
      onBack={onBack}
      focusBack
    >
      <p>
        Sync {listLabel({ listId, name })}: free as far as the API says; Scout records whatever moves in the spending record.
      </p>
      <TeamQuoteAsk note={note} thing="list" />
    </ConfirmSpend>
  );
}
