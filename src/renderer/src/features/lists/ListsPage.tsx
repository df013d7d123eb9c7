// Lists: the saved lists of the API account (auditor.list), synced by id (free) into the cache,
// then read from the cache only, so a list synced once opens offline. The open list is in the
// address (#/lists/6), so going back from a report finds it again. Items open as reports, go to
// the Compare tray, or are fetched through Add accounts (quoted there before anything is spent).
import { useState, type FormEvent } from 'react';
import { useShell } from '../../data/useShell';
import type { ListSummary } from '@shared/discoveryData';
import { listLabel } from '@shared/lists';
import { useScout } from '../../store';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import {
  DataTable,
  EmptyState,
  ErrorState,
  FormField,
  StatusBadge,
  formatAge,
  formatCount,
  formatDateTime,
  plural,
  type Column,
  isTeamUnreachable,
  teamConfirmed,
  TeamUnreachableConfirm,
  ConfirmSpend,
  TeamQuoteAsk,
  teamQuotePanel,
} from '../../shared/ui';
import type { TeamQuoteNote } from '@shared/reports';
import { readListId, syncBlocker, syncNoteText, type SyncNote } from '@shared/listsModel';
import { teamReceived } from '../../data/scoutQuery';
import { ListItems } from './ListItems';

export function ListsPage() {
  const subpath = useScout((s) => s.subpath);
  const navigate = useScout((s) => s.navigate);
  const blocker = useShell((s) => syncBlocker(s));
  const openId = subpath[0] !== undefined && readListId(subpath[0]).ok ? Number(subpath[0]) : null;

  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<{ listId: number; items: number } | null>(null);
  const [syncNote, setSyncNote] = useState<SyncNote | null>(null);
  /** A sync refused as the team database cannot be asked (main's words): "Buy anyway" syncs it here. */
  const [teamAsk, setTeamAsk] = useState<{ listId: number; message: string } | null>(null);
  /** Team: a sync whose quote said the team database cannot be reached (or is not connected), asked before it is sent. */
  const [teamQuote, setTeamQuote] = useState<{ listId: number; note: TeamQuoteNote } | null>(null);
  const workspace = useShell((s) => s.workspace?.active ?? null);
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
        setSyncNote({ tone: 'ok', listId: summary.listId, itemCount: summary.itemCount, complete: summary.complete });
        navigate('lists', [String(listId)]);
      },
      onError: (words, error, { listId, teamUnreachableConfirmed }) => {
        const field = fieldErrors(error).listId;
        if (isTeamUnreachable(error) && !teamUnreachableConfirmed) setTeamAsk({ listId, message: error.message });
        else if (field) setIdError(field);
        else setSyncNote({ tone: 'error', listId, words });
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
          {/* The list as it is called now: a name given since the sync is the one said. */}
          {syncNoteText(syncNote, known?.find((l) => l.listId === syncNote.listId)?.name ?? null)}
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
