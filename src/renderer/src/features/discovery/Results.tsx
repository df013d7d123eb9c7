// What the open query has found, from the cache only (no network: offline it shows the same):
// every cached page, or one page at a time. Selected accounts go to the comparison tray, to
// Add accounts (quoted there before anything is spent), to the local shortlist, or out as CSV
// and XLSX of the rows shown, in their order.
import { useMemo, useState } from 'react';
import { fetchThroughAddFlow } from '../../data/runs';
import type { RequestOf } from '@shared/contract';
import type { DiscoveryBody } from '@shared/discovery';
import type { DiscoveryRow } from '@shared/discoveryData';
import { parseAccountRef } from '@shared/accountInput';
import { EmptyState, ErrorState, ExportActions, emptySelection, formatAge, keepShown, plural, type Selection, type SortState } from '../../shared/ui';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { useScout } from '../../store';
import type { PickedAccount } from '../compare';
import { ResultsTable } from './ResultsTable';
import type { ResultSortKey } from '@shared/discoveryResultOrder';
import { hasNotesFilter, NotesFilter, passesNotesFilter, StatusStepsProvider, useNotesIndex, type NotesFilterValue } from '../workflow';

type View = 'all' | number;

/** Reads every cached page of a query (debounced: typing in the builder settles first); one page is shown from them. */
function useCachedResults(bodyKey: string | null, sandbox: boolean, version: number) {
  // `version` counts the pages fetched since: the cache has more to read.
  const read = useScoutQuery(() => scout.invoke('discovery:results', { body: JSON.parse(bodyKey!) as DiscoveryBody, sandbox }), [bodyKey, sandbox], {
    enabled: bodyKey !== null,
    delayMs: 150,
    keepPrevious: true,
    refreshWhenChanged: [version],
  });
  return { results: read.error ? null : (read.data ?? null), error: read.error, current: read.data !== undefined && !read.stale };
}

export function Results({ bodyKey, sandbox, name }: { bodyKey: string | null; sandbox: boolean; name: string }) {
  const version = useScout((s) => s.discoveryResultsVersion);
  const addToCompare = useScout((s) => s.addToCompare);
  const say = useScout((s) => s.setDiscoveryStatus);
  // At most 500 at a time, as main takes them; the shortlist on screen reads itself again.
  const adding = useScoutMutation(
    async (items: RequestOf<'shortlist:add'>['items']) => {
      for (let i = 0; i < items.length; i += 500) await scout.invoke('shortlist:add', { items: items.slice(i, i + 500) });
      return items.length;
    },
    { changes: ['shortlist'], onError: (words) => say(`Not added to the shortlist: ${words}`) },
  );
  const addToShortlist = async (items: RequestOf<'shortlist:add'>['items']) => {
    const added = await adding.run(items);
    if (added.ok) say(`${added.value === 1 ? '1 account' : `${added.value} accounts`} added to the shortlist.`);
  };
  const [view, setView] = useState<View>('all');
  const [sort, setSort] = useState<SortState<ResultSortKey> | null>(null);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [status, setStatus] = useState<string | null>(null);
  const { results, error, current } = useCachedResults(bodyKey, sandbox, version);
  // The researcher's status and tags on the accounts found (those Scout has notes on).
  const notes = useNotesIndex();
  const [notesFilter, setNotesFilter] = useState<NotesFilterValue>({});

  // Another query or mode starts on all its pages, with nothing selected.
  const resetKey = `${bodyKey}|${sandbox}`;
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setView('all');
    setSelection(emptySelection);
    setStatus(null);
  }

  const pages = results?.pages ?? [];
  // One page of those cached, or all of them (also when the page chosen is not among them).
  const page = view !== 'all' && pages.includes(view) ? view : 'all';
  const onPage = useMemo(() => (page === 'all' ? (results?.rows ?? []) : (results?.rows ?? []).filter((r) => r.page === page)), [results, page]);
  const rows = useMemo(() => (hasNotesFilter(notesFilter) ? onPage.filter((r) => passesNotesFilter(notes.lookup(r.network, r.account), notesFilter)) : onPage), [onPage, notes, notesFilter]);
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const shownSelection = keepShown(selection, keys);
  const chosen = useMemo(() => rows.filter((r) => shownSelection.keys.has(r.key)), [rows, shownSelection]);
  const withAccount = chosen.filter((r): r is DiscoveryRow & { account: string } => r.account !== null);
  const viewIndex = page === 'all' ? -1 : pages.indexOf(page);

  const toCompare = () => {
    const picks: PickedAccount[] = withAccount.flatMap((r) => {
      const ref = parseAccountRef(r.account, r.network);
      return ref.ok ? [{ network: r.network, accountKey: ref.value.key, title: r.title, username: r.username ?? r.account, avatarUrl: r.avatarUrl }] : [];
    });
    const added = addToCompare(picks);
    setStatus(`${plural(added, 'account')} added to the comparison tray${added < picks.length ? ` (${picks.length - added} already there or over its limit of 30)` : ''}.`);
  };

  // The Add accounts flow quotes them first: nothing is spent until confirmed there.
  const fetchReports = () => {
    const refused = fetchThroughAddFlow(withAccount.map((r) => ({ network: r.network, account: r.account })));
    if (refused) setStatus(refused);
  };

  const shortlist = () =>
    void addToShortlist(withAccount.map((r) => ({ network: r.network, account: r.account, title: r.title ?? r.username, avatarUrl: r.avatarUrl, followers: r.followers, er: r.er, country: r.country })));

  const noAccount = chosen.length - withAccount.length;

  return (
    <section className="discovery-results" aria-labelledby="results-title" data-testid="results">
      <div className="discovery-results-head">
        <h2 id="results-title">Results</h2>
        <span className="muted" role="status" data-testid="results-count">
          {bodyKey === null
            ? 'Fix the query to see its cached results.'
            : !results
              ? 'Reading the cache…'
              : results.rows.length === 0
                ? ''
                : `${plural(results.rows.length, 'account')} from ${plural(results.pages.length, 'cached page')}${results.totalPages !== null ? ` of the ${plural(results.totalPages, 'page')} this search has` : ''}${sandbox ? ' — sandbox sample' : ''}${results.fetchedAt ? `, fetched ${formatAge(results.fetchedAt)}` : ''}`}
        </span>
      </div>
      {error && <ErrorState title="The cached results could not be read.">{error}</ErrorState>}
      {results && results.pages.length > 0 && (
        <div className="discovery-pager" role="group" aria-label="Result pages shown">
          <label>
            Show{' '}
            <select value={String(page)} onChange={(e) => setView(e.target.value === 'all' ? 'all' : Number(e.target.value))} data-testid="results-view">
              <option value="all">All cached pages</option>
              {pages.map((p) => (
                <option key={p} value={p}>
                  Page {p}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => setView(pages[Math.max(0, viewIndex - 1)]!)} disabled={page === 'all' || viewIndex <= 0} data-testid="previous-page">
            ‹ Previous page
          </button>
          <button
            type="button"
            onClick={() => setView(page === 'all' ? pages[0]! : pages[Math.min(pages.length - 1, viewIndex + 1)]!)}
            disabled={page !== 'all' && viewIndex >= pages.length - 1}
            data-testid="next-page"
          >
            Next page ›
          </button>
          <NotesFilter label="Results" value={notesFilter} onChange={setNotesFilter} tags={notes.tags} />
        </div>
      )}
      {onPage.length > 0 && rows.length === 0 && (
        <EmptyState title="No account shown matches your status and tag filters.">Choose “Any status” and “Any tag” to see every result.</EmptyState>
      )}
      {bodyKey !== null && results && results.rows.length === 0 && current && (
        <EmptyState title={`No ${sandbox ? 'sandbox' : 'production'} pages of this query are cached yet.`}>
          {sandbox ? 'Run it in the sandbox above: free sample data, so you can try the table before spending.' : 'Check the cost above and run it: each page fetched stays cached, offline too, and is never paid for twice.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <>
          <div className="discovery-actions" role="group" aria-label="With the selected accounts">
            <span className="muted" data-testid="selection-count">
              {chosen.length === 0 ? 'Select accounts to compare, fetch or shortlist them.' : `${plural(chosen.length, 'account')} selected`}
              {noAccount > 0 ? ` (${noAccount} without a name Scout can use)` : ''}
            </span>
            <button type="button" onClick={toCompare} disabled={withAccount.length === 0} data-testid="selection-compare">
              Add to comparison
            </button>
            <button type="button" onClick={fetchReports} disabled={withAccount.length === 0 || withAccount.length > 500} data-testid="selection-fetch" title={withAccount.length > 500 ? 'At most 500 accounts at a time.' : undefined}>
              Fetch reports…
            </button>
            <button type="button" onClick={shortlist} disabled={withAccount.length === 0} data-testid="selection-shortlist">
              Add to shortlist
            </button>
            {chosen.length > 0 && (
              <button type="button" className="link" onClick={() => setSelection(emptySelection)}>
                Clear selection
              </button>
            )}
            <ExportActions
              subject={() =>
                bodyKey === null
                  ? null
                  : {
                      kind: 'discovery',
                      title: `${name.trim() || 'Discovery results'}${sandbox ? ' (sandbox)' : ''}`,
                      body: JSON.parse(bodyKey) as DiscoveryBody,
                      sandbox,
                      page: page === 'all' ? null : page,
                      sort,
                      // The page's status and tag filter, applied by main as here; the ticked rows, or all it shows.
                      ...notesFilter,
                      rows: chosen.map((r) => r.key),
                    }
              }
              onStatus={setStatus}
              scope={chosen.length > 0 ? 'the selected rows' : 'every row shown'}
            />
          </div>
          {status && (
            <p role="status" className="muted discovery-status" data-testid="results-status">
              {status}
            </p>
          )}
          <StatusStepsProvider>
            <ResultsTable rows={rows} selection={shownSelection} onSelectionChange={setSelection} sort={sort} onSortChange={setSort} onProblem={setStatus} notesOf={notes.lookup} />
          </StatusStepsProvider>
        </>
      )}
    </section>
  );
}
