// The library: every account with a cached report or a fetch attempt in this workspace, filtered,
// searched and sorted by main; rows open their report, go to the Compare tray or are fetched again
// through Add accounts.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { Network } from '@shared/reports';
import { countryName } from '@shared/countries';
import { tagKey } from '@shared/accountNotes';
import { useScout } from '../../store';
import { formatAge, formatCount, formatDateTime, formatExact, formatMetric, plural, networkLabels } from '@shared/format';
import { accountHandle } from '@shared/labels';
import { DataTable, EmptyState, emptySelection, ErrorState, keepShown, NetworkSelect, StatusBadge, type Column, type StatusTone } from '../../shared/ui';
import { Avatar } from '../../shared/Avatar';
import type { LibraryItemView } from '@shared/contract';
import { hasLibraryFilters, libraryQueryName, type LibraryQuery } from './accountsSlice';
import { followersText, parseFollowers } from './addFlow';
import type { PickedAccount } from '../compare';
import { AddAccounts } from './AddAccounts';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';
import { StatusFilterOptions, StatusName, StatusStepsProvider, useStatusSteps } from '../workflow';

const ageChoices = [
  { label: 'Any age', days: null },
  { label: 'Fetched in the last 30 days', days: 30 },
  { label: 'In the last 90 days', days: 90 },
  { label: 'Over 90 days ago', days: -90 },
] as const;

type TypedFilter = (value: string) => Partial<LibraryQuery> | null;

// What each typed filter puts in the query; null while the text is not yet a value (one letter of a country).
const textFilter: TypedFilter = (v) => ({ text: v || undefined });
const countryFilter: TypedFilter = (v) => {
  const code = v.trim();
  return code === '' ? { countries: undefined } : /^[A-Za-z]{2}$/.test(code) ? { countries: [code.toUpperCase()] } : null;
};
// '10k', '1.2m', '10,000'; while the text is no number yet, nothing is applied (and the box says so).
const followersMinFilter: TypedFilter = (v) => {
  const n = parseFollowers(v);
  return n === null ? null : { followersMin: n };
};
const followersMaxFilter: TypedFilter = (v) => {
  const n = parseFollowers(v);
  return n === null ? null : { followersMax: n };
};

/**
 * A typed filter shows what the query applies, or, while the researcher types, what they typed:
 * it is applied a moment after the last keystroke, one request rather than one per key.
 */
function useTypedFilter(stored: string, toQuery: TypedFilter) {
  const setQuery = useScout((s) => s.setLibraryQuery);
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => {
      const patch = toQuery(draft);
      if (!patch) return;
      setQuery(patch);
      setDraft(null);
    }, 250);
    return () => clearTimeout(timer);
  }, [draft, toQuery, setQuery]);
  return { value: draft ?? stored, onChange: (e: ChangeEvent<HTMLInputElement>) => setDraft(e.target.value), reset: () => setDraft(null) };
}

export function Library() {
  const query = useScout((s) => s.libraryQuery);
  const ageDays = useScout((s) => s.libraryAgeDays);
  // Asked when shown (the answers before are shown meanwhile, back from a report), when the query
  // or the workspace changes, when a run of Add accounts ends (`changes: ['library']`) and when a
  // teammate's reports or tags arrive.
  const listing = useScoutQuery(
    async () => {
      const page = await scout.invoke('reports:library', query);
      // Whether nothing is cached or the filters hide it all: asked only when it matters.
      const empty = page.total > 0 ? false : !hasLibraryFilters(query) ? true : (await scout.invoke('reports:library', { limit: 1 })).total === 0;
      return { page, empty };
    },
    [query],
    { keepPrevious: true, keepAs: libraryQueryName, reads: ['library'], refreshOn: [teamReceived('report', 'account_notes')] },
  );
  const library = listing.data?.page ?? null;
  const libraryEmpty = listing.data?.empty ?? null;
  const error = listing.error;
  const loading = listing.loading;
  const setQuery = useScout((s) => s.setLibraryQuery);
  const setAge = useScout((s) => s.setLibraryAge);
  const clearFilters = useScout((s) => s.clearLibraryFilters);
  const navigate = useScout((s) => s.navigate);
  // The panel, what was typed and a run stay in the store: leaving the page and coming back finds them as they were.
  const adding = useScout((s) => s.addDraft.open);
  const hasRun = useScout((s) => s.run !== null);
  const setAddDraft = useScout((s) => s.setAddDraft);
  const closeAdd = useScout((s) => s.closeAdd);
  const [openedHere, setOpenedHere] = useState(false);
  // Kept in the store: Compare takes the ticked rows next.
  const selection = useScout((s) => s.librarySelection);
  const setSelection = useScout((s) => s.setLibrarySelection);
  // What counts as selected is what is ticked on screen: a row a filter hides is not counted (nor
  // taken by what acts on the selection), and is ticked again if the filter brings it back.
  const ticked = useMemo(() => (library ? keepShown(selection, library.items.map(libraryKey)) : selection), [library, selection]);
  const addButton = useRef<HTMLButtonElement>(null);
  const addToCompare = useScout((s) => s.addToCompare);
  // Said beside the button (for the selection it was said of), so a press that adds nothing is not a silent one.
  const [added, setAdded] = useState<{ selection: typeof selection; text: string } | null>(null);
  const compareNote = added?.selection === selection ? added.text : null;
  const addTicked = (items: LibraryItemView[]) => {
    const count = addToCompare(items.map(pickedFromLibrary));
    const already = items.length - count;
    const text =
      count === 0
        ? already > 0 ? 'already in the comparison' : 'the comparison tray is full'
        : `${plural(count, 'account')} added to the comparison${already > 0 ? `; ${already} already there` : ''}`;
    setAdded({ selection, text });
  };

  const search = useTypedFilter(query.text ?? '', textFilter);
  const country = useTypedFilter(query.countries?.[0] ?? '', countryFilter);
  const followersMin = useTypedFilter(followersText(query.followersMin), followersMinFilter);
  const followersMax = useTypedFilter(followersText(query.followersMax), followersMaxFilter);
  const followersProblem = [followersMin, followersMax].some((f) => parseFollowers(f.value) === null);
  // The age choice is shown only while its dates are still in the query.
  const age = query.fetchedAfter === undefined && query.fetchedBefore === undefined ? '' : String(ageDays ?? '');

  // The tags in use, to filter by; a stored filter's tag stays a choice even when no account has it now.
  const tagsRead = useScoutQuery(() => scout.invoke('notes:tags', {}), [], { keepPrevious: true, refreshOn: [teamReceived('account_notes')] });
  const tagChoices = [...(tagsRead.data ?? [])];
  if (query.tag !== undefined && !tagChoices.some((t) => tagKey(t) === tagKey(query.tag!))) tagChoices.unshift(query.tag);

  const steps = useStatusSteps();

  const open = (network: string, accountKey: string) => navigate('accounts', [network, accountKey]);

  const clearAll = () => {
    for (const filter of [search, country, followersMin, followersMax]) filter.reset();
    clearFilters();
  };

  return (
    <section aria-labelledby="page-title" data-testid="page-accounts">
      <div className="page-head">
        <h1 id="page-title" tabIndex={-1}>
          Accounts
        </h1>
        <span className="muted page-count" role="status" data-testid="library-count">
          {library ? `${formatCount(library.total)} account${library.total === 1 ? '' : 's'}` : loading ? 'Loading…' : ''}
        </span>
        <button ref={addButton} type="button" className="primary" onClick={() => (setAddDraft({ open: true }), setOpenedHere(true))} aria-expanded={adding || hasRun}>
          Add accounts
        </button>
      </div>
      {(adding || hasRun) && (
        <AddAccounts
          focusOnOpen={openedHere}
          onClose={() => {
            closeAdd();
            setOpenedHere(false);
            addButton.current?.focus();
          }}
        />
      )}

      <div className="toolbar" role="search">
        <input
          type="search"
          aria-label="Search names, descriptions, captions and hashtags"
          placeholder="Search names, descriptions, captions, hashtags…"
          value={search.value}
          onChange={search.onChange}
        />
        <div className="filters">
          <NetworkSelect ariaLabel="Network" value={query.networks?.[0] ?? ''} onChange={(n) => setQuery({ networks: n ? [n] : undefined })} />
          <select
            aria-label="Report state"
            value={query.states?.[0] ?? ''}
            onChange={(e) => setQuery({ states: e.target.value ? [e.target.value as NonNullable<LibraryQuery['states']>[number]] : undefined })}
          >
            <option value="">Any state</option>
            {Object.entries(libraryStates).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <select aria-label="Age of data" value={age} onChange={(e) => setAge(e.target.value ? Number(e.target.value) : null)}>
            {ageChoices.map((c) => (
              <option key={c.label} value={c.days ?? ''}>
                {c.label}
              </option>
            ))}
          </select>
          {tagChoices.length > 0 && (
            <select aria-label="Tag" value={query.tag ?? ''} onChange={(e) => setQuery({ tag: e.target.value || undefined })} data-testid="library-tag-filter">
              <option value="">Any tag</option>
              {tagChoices.map((t) => (
                <option key={t} value={t}>
                  Tagged “{t}”
                </option>
              ))}
            </select>
          )}
          <select aria-label="Status" value={query.status ?? ''} onChange={(e) => setQuery({ status: e.target.value || undefined })} data-testid="library-status-filter">
            <StatusFilterOptions steps={steps.data?.steps ?? []} current={query.status} />
          </select>
          <input aria-label="Country (two letters)" placeholder="Country" className="narrow" maxLength={2} value={country.value} onChange={country.onChange} />
          {/* The two bounds wrap as one: never "Followers ≤" alone on a line. */}
          <span className="filter-pair">
          <input
            aria-label="Followers at least"
            placeholder="Followers ≥ (10k)"
            className="followers-bound"
            aria-invalid={parseFollowers(followersMin.value) === null}
            value={followersMin.value}
            onChange={followersMin.onChange}
          />
          <input
            aria-label="Followers at most"
            placeholder="Followers ≤ (1.2m)"
            className="followers-bound"
            aria-invalid={parseFollowers(followersMax.value) === null}
            value={followersMax.value}
            onChange={followersMax.onChange}
          />
          </span>
        </div>
      </div>
      {followersProblem && (
        <p className="feedback error" role="alert" data-testid="followers-problem">
          Followers are a number such as 5000, 10k or 1.2m; this filter is not applied until it reads as one.
        </p>
      )}

      {error && <ErrorState title="The list of accounts could not be read.">{error}</ErrorState>}
      {library && library.total === 0 && libraryEmpty === true && (
        <EmptyState title="No cached accounts yet." testId="library-empty">
          Use <em>Add accounts</em> to fetch reports; once fetched they stay here and open without a network.
        </EmptyState>
      )}
      {library && library.total === 0 && libraryEmpty === false && (
        <EmptyState
          title="No accounts match these filters."
          testId="library-filtered-out"
          actions={
            <button type="button" onClick={clearAll}>
              Clear filters
            </button>
          }
        >
          Other cached accounts are hidden by the search or the filters.
        </EmptyState>
      )}
      {ticked.keys.size > 0 && (
        <p className="selection-bar" role="status" data-testid="library-selection">
          {formatCount(ticked.keys.size)} selected{' '}
          <button type="button" data-testid="add-to-comparison" onClick={() => addTicked(library?.items.filter((item) => ticked.keys.has(libraryKey(item))) ?? [])}>
            Add to comparison
          </button>{' '}
          <button type="button" className="link" onClick={() => setSelection(emptySelection)}>
            Clear selection
          </button>
          {compareNote && <span className="muted"> · {compareNote}</span>}
        </p>
      )}
      {library && library.items.length > 0 && (
        <StatusStepsProvider>
        <DataTable<LibraryItemView, LibraryColumnKey>
          label="Cached accounts"
          className="library"
          columns={
            // The Status column only while it says something (a status on the page, or its filter
            // or sort chosen): at 1,100 px the table has no room for an empty one.
            library.items.some((i) => i.status) || query.status !== undefined || query.sort === 'status' ? libraryColumns : libraryColumns.filter((c) => c.key !== 'status')
          }
          rows={library.items}
          rowKey={libraryKey}
          sort={{ key: query.sort ?? 'fetchedAt', order: query.order ?? 'desc' }}
          onSortChange={(next) => next.key !== 'reportType' && setQuery({ sort: next.key, order: next.order })}
          onOpen={(item) => open(item.network, item.accountKey)}
          selection={ticked}
          onSelectionChange={setSelection}
          rowLabel={(item) => `${item.summary.title ?? item.summary.username} (${networkLabels[item.network as Network] ?? item.network})`}
          rowProps={(item) => ({ 'data-testid': `library-row-${item.network}-${item.accountKey}` })}
        />
        </StatusStepsProvider>
      )}
      {library && library.total > library.items.length && (
        <div className="pager">
          <button type="button" disabled={!query.offset} onClick={() => setQuery({ offset: Math.max(0, (query.offset ?? 0) - (query.limit ?? 100)) })}>
            Previous
          </button>
          <span className="muted">
            {(query.offset ?? 0) + 1}–{(query.offset ?? 0) + library.items.length} of {formatCount(library.total)}
          </span>
          <button
            type="button"
            disabled={(query.offset ?? 0) + library.items.length >= library.total}
            onClick={() => setQuery({ offset: (query.offset ?? 0) + (query.limit ?? 100) })}
          >
            Next
          </button>
        </div>
      )}
    </section>
  );
}

type LibrarySortKey = NonNullable<LibraryQuery['sort']>;
/** The sort keys, and columns main does not sort by. */
type LibraryColumnKey = LibrarySortKey | 'reportType';

/** Report states and, for accounts with no report, how their latest fetch ended: in words, with a tone. */
const libraryStates: Record<string, { label: string; tone: StatusTone }> = {
  READY: { label: 'Ready', tone: 'ok' },
  READY_LOW_CONFIDENCE: { label: 'Low confidence', tone: 'warning' },
  failed: { label: 'Failed', tone: 'error' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  'paid-not-fetched': { label: 'Paid, not fetched', tone: 'info' },
};

const libraryKey = (item: LibraryItemView) => `${item.network}:${item.accountKey}`;

const pickedFromLibrary = (item: LibraryItemView): PickedAccount => ({
  network: item.network as Network,
  accountKey: item.accountKey,
  title: item.summary.title,
  username: item.summary.username,
  avatarUrl: item.summary.avatarUrl,
});

/** The library's columns; main sorts, so a header asks for its order (names A→Z first, figures largest first). */
const libraryColumns: Column<LibraryItemView, LibraryColumnKey>[] = [
  {
    key: 'username',
    label: 'Account',
    firstOrder: 'asc',
    cell: (item) => (
      <span className="account-cell">
        <Avatar url={item.summary.avatarUrl} label={item.summary.username} />
        {/* Cut to the column at a narrow window; the whole name on hover (title) and on keyboard focus (the focus tip). */}
        <span className="account-names" title={`${item.summary.title ?? item.summary.username} ${accountHandle(item.network as Network, item.summary.username, item.summary.accountId)}`}>
          <strong className="truncate">{item.summary.title ?? item.summary.username}</strong>
          <span className="muted truncate"> {accountHandle(item.network as Network, item.summary.username, item.summary.accountId)}</span>
          {/* Its tags under the name: the table stays as wide as it was. */}
          {item.tags && item.tags.length > 0 && (
            <span className="tag-cell" aria-label={`Tags: ${item.tags.join(', ')}`}>
              {item.tags.map((t) => (
                <span key={t} className="tag-chip small">
                  {t}
                </span>
              ))}
            </span>
          )}
        </span>
      </span>
    ),
  },
  { key: 'network', label: 'Network', firstOrder: 'asc', cell: (item) => networkLabels[item.network as Network] ?? item.network },
  {
    key: 'state',
    label: 'State',
    firstOrder: 'asc',
    cell: (item) => {
      const state = libraryStates[item.state] ?? { label: item.state, tone: 'neutral' as const };
      // A cached report whose latest refresh saved nothing still says so.
      const note = item.attempt && item.attempt.outcome !== item.state ? `; last refresh ${libraryStates[item.attempt.outcome]?.label.toLowerCase()}` : '';
      return (
        <StatusBadge tone={state.tone} title={item.attempt?.error?.message ?? undefined} testId="library-state">
          {state.label}
          {note}
        </StatusBadge>
      );
    },
  },
  { key: 'status', label: 'Status', firstOrder: 'asc', cell: (item) => <StatusName status={item.status} /> },
  {
    key: 'reportType',
    label: 'Report',
    sortable: false,
    cell: (item) => (item.network !== 'tiktok' ? '' : item.tiktokType === 'report' ? 'Mini' : item.tiktokType === 'advanced_report' ? 'Advanced' : ''),
  },
  {
    key: 'followers',
    label: 'Followers',
    numeric: true,
    // The report page's rules: compact from 10,000, the exact figure on hover.
    cell: (item) => formatMetric(item.summary.followers, 'count'),
    title: (item) => (item.summary.followers === null ? undefined : formatExact(item.summary.followers)),
  },
  {
    key: 'engagementRate',
    // The figure the report page shows at its default period (the summary is read that way in
    // main); the report's overall figure, labelled, when it has none for those 30 days or they hold no posts.
    label: 'ER, 30 days',
    numeric: true,
    cell: (item) =>
      item.summary.engagementRateBasis === 'overall' && item.summary.engagementRate !== null ? (
        <>
          {formatMetric(item.summary.engagementRate, 'percent')} <span className="value-source source-overall" data-testid="er-overall">overall</span>
        </>
      ) : (
        formatMetric(item.summary.engagementRate, 'percent')
      ),
    title: (item) =>
      item.summary.engagementRate === null
        ? undefined
        : item.summary.engagementRateBasis === 'overall'
          ? `The report's overall engagement rate (it has no figure for the last 30 days, or no posts in them): ${formatExact(item.summary.engagementRate, 'percent')}`
          : `Engagement rate over the last 30 days: ${formatExact(item.summary.engagementRate, 'percent')}`,
  },
  {
    key: 'audienceQuality',
    label: 'Audience quality',
    numeric: true,
    cell: (item) => formatMetric(item.summary.audienceQuality, 'count'),
    title: () => 'Audience quality score, 0–100',
  },
  { key: 'country', label: 'Country', firstOrder: 'asc', cell: (item) => (item.summary.country ? countryName(item.summary.country) : '—'), title: (item) => item.summary.country ?? undefined },
  { key: 'fetchedAt', label: 'Fetched', firstOrder: 'desc', cell: (item) => formatAge(item.fetchedAt), title: (item) => formatDateTime(item.fetchedAt) },
];
