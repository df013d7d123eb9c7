// The posts of an analysis, from the cache: main filters, searches and sorts them in SQLite and
// the page asks for the slices the researcher scrolls to, so 50,000 posts scroll like 50. The
// table is the UI kit's VirtualTable: only the rows on screen are in the document.
// Links open outside through main's allow-list; accounts go to Compare or are fetched as
// reports through Add accounts (quoted there first); CSV and XLSX hold every post the filters
// show, in their order, written by main from the cache.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchThroughAddFlow } from '../../data/runs';
import type { CompetitorAnalysisView, CompetitorFilters, CompetitorPostRow, CompetitorSortKey } from '@shared/competitor';
import { parseAccountRef } from '@shared/accountInput';
import { CALENDAR_DAY_FORMAT } from '@shared/calendarDay';
import { countryName } from '@shared/countries';
import { apiWords, competitorFilterLabels as LABELS } from '@shared/labels';
import { EmptyState, ExportActions, formatCount, formatDay, formatExact, formatMetric, openOutside, plural, VirtualTable, type Selection, type VirtualColumn } from '../../shared/ui';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScout } from '../../store';

const CHUNK = 200;
const ROW_HEIGHT = 36;

type Sort = { key: CompetitorSortKey; order: 'asc' | 'desc' };

/** Sortable columns are named by main's sort keys. */
type ColumnKey = CompetitorSortKey | 'type' | 'caption' | 'post';

const rowKey = (r: CompetitorPostRow) => String(r.index);

const num = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const n = Number(text.replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

export function PostBrowser({ analysis }: { analysis: CompetitorAnalysisView }) {
  const id = analysis.reportId;
  const addToCompare = useScout((s) => s.addToCompare);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [paidType, setPaidType] = useState('');
  const [accountType, setAccountType] = useState('');
  const [country, setCountry] = useState('');
  const [followersMin, setFollowersMin] = useState('');
  const [followersMax, setFollowersMax] = useState('');
  const [erMin, setErMin] = useState('');
  const [erMax, setErMax] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'date', order: 'desc' });
  const [total, setTotal] = useState<number | null>(null);
  // The slices read, for the query they answer: another query starts with none.
  const [loaded, setLoaded] = useState<{ key: string; chunks: Map<number, CompetitorPostRow[]> }>({ key: '', chunks: new Map() });
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [status, setStatus] = useState<string | null>(null);
  const loading = useRef(new Set<string>());

  // Typing settles before main is asked.
  useEffect(() => {
    const t = setTimeout(() => setSearch(text), 200);
    return () => clearTimeout(t);
  }, [text]);

  const filters = useMemo<CompetitorFilters>(() => {
    const f: CompetitorFilters = {};
    if (search.trim()) f.text = search.trim();
    if (paidType) f.paidTypes = [paidType];
    if (accountType) f.accountTypes = [accountType];
    if (country) f.countries = [country];
    const fMin = num(followersMin);
    const fMax = num(followersMax);
    const eMin = num(erMin);
    const eMax = num(erMax);
    if (fMin !== undefined) f.followersMin = Math.max(0, fMin);
    if (fMax !== undefined) f.followersMax = Math.max(0, fMax);
    if (eMin !== undefined) f.erMin = eMin;
    if (eMax !== undefined) f.erMax = eMax;
    if (CALENDAR_DAY_FORMAT.test(from)) f.dateFrom = from;
    if (CALENDAR_DAY_FORMAT.test(to)) f.dateTo = to;
    return f;
  }, [search, paidType, accountType, country, followersMin, followersMax, erMin, erMax, from, to]);
  // The filter says countries by name, as every other page does, in the order of their names; main is asked by code.
  const countryChoices = useMemo(
    () => analysis.facets.countries.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
    [analysis.facets.countries],
  );
  const queryKey = JSON.stringify({ id, filters, sort, cached: analysis.postsCached });
  const keyRef = useRef(queryKey);

  const loadChunk = useCallback(
    async (chunk: number, key: string) => {
      const tag = `${key}#${chunk}`;
      if (loading.current.has(tag)) return;
      loading.current.add(tag);
      try {
        const page = await scout.invoke('competitor:posts', { id, filters, sort, offset: chunk * CHUNK, limit: CHUNK });
        if (keyRef.current !== key) return;
        setTotal(page.total);
        setLoaded((l) => ({ key, chunks: new Map(l.key === key ? l.chunks : []).set(chunk, page.rows) }));
        setError(null);
      } catch (e) {
        if (keyRef.current === key) setError(errorMessage(e));
      } finally {
        loading.current.delete(tag);
      }
    },
    [id, filters, sort],
  );

  // Another filter or order starts from its first slice (the table scrolls back to the top).
  useEffect(() => {
    keyRef.current = queryKey;
    // An ask of main: its answer sets the state when it lands, not here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadChunk(0, queryKey);
  }, [queryKey, loadChunk]);

  const chunks = useMemo(() => (loaded.key === queryKey ? loaded.chunks : new Map<number, CompetitorPostRow[]>()), [loaded, queryKey]);
  const rowAt = (index: number) => chunks.get(Math.floor(index / CHUNK))?.[index % CHUNK];
  // The slices of the rows drawn that are not read yet.
  const onRangeChange = useCallback(
    (first: number, last: number) => {
      for (let chunk = Math.floor(first / CHUNK); chunk <= Math.floor(last / CHUNK); chunk++) if (!chunks.has(chunk)) void loadChunk(chunk, queryKey);
    },
    [chunks, loadChunk, queryKey],
  );

  // Selected posts by their place in the analysis, with the account each names (kept across filters).
  const selection = useMemo<Selection>(() => ({ keys: new Set([...selected.keys()].map(String)), anchor: null }), [selected]);
  const onSelectionChange = (next: Selection) =>
    setSelected((m) => {
      const out = new Map<number, string>();
      for (const key of next.keys) {
        const index = Number(key);
        // A post names no account: there is nothing to select it for.
        const account = m.get(index) ?? [...chunks.values()].flat().find((r) => r.index === index)?.account;
        if (account) out.set(index, account);
      }
      return out;
    });
  const accounts = [...new Set(selected.values())];

  const open = (url: string | null) => {
    if (url) void openOutside(url).catch((e) => setStatus(errorMessage(e)));
  };

  const columns: VirtualColumn<CompetitorPostRow, ColumnKey>[] = [
    { key: 'date', label: 'Date', sortable: true, firstOrder: 'desc', cell: (r) => formatDay(r.postDate) },
    {
      key: 'account',
      label: 'Account',
      sortable: true,
      cell: (r) =>
        r.account ? (
          <button type="button" className="link" onClick={() => open(r.accountUrl)} title={`Open @${r.account} on Instagram`}>
            @{r.account}
          </button>
        ) : (
          '—'
        ),
    },
    { key: 'type', label: 'Account type', cell: (r) => (r.accountType ? apiWords(r.accountType) : '—') },
    { key: 'followers', label: 'Followers', sortable: true, numeric: true, cell: (r) => formatMetric(r.followers, 'count'), title: (r) => (r.followers === null ? undefined : formatExact(r.followers)) },
    { key: 'country', label: 'Country', sortable: true, cell: (r) => (r.country ? countryName(r.country) : '—') },
    { key: 'paidType', label: 'Paid type', sortable: true, cell: (r) => (r.paidType ? apiWords(r.paidType) : '—') },
    { key: 'er', label: 'Engagement', sortable: true, numeric: true, cell: (r) => formatMetric(r.er, 'percent') },
    { key: 'reach', label: 'Reach', sortable: true, numeric: true, cell: (r) => formatMetric(r.reach, 'count') },
    { key: 'likes', label: 'Likes', sortable: true, numeric: true, cell: (r) => formatMetric(r.likes, 'count') },
    { key: 'budget', label: 'Est. budget', sortable: true, numeric: true, cell: (r) => formatMetric(r.estBudget, 'money') },
    // Cut to its column: the whole caption on hover and on keyboard focus of the row (the focus tip).
    { key: 'caption', label: 'Caption', cell: (r) => <span className="competitor-caption" title={r.caption ?? undefined}>{r.caption ?? ''}</span> },
    {
      key: 'post',
      label: 'Post',
      cell: (r) =>
        r.postUrl ? (
          <button type="button" className="link" onClick={() => open(r.postUrl)} data-testid="open-post">
            Open post
          </button>
        ) : (
          '—'
        ),
    },
  ];

  const clearFilters = () => {
    for (const set of [setText, setSearch, setPaidType, setAccountType, setCountry, setFollowersMin, setFollowersMax, setErMin, setErMax, setFrom, setTo]) set('');
  };

  const sendToCompare = () => {
    const picks = accounts.flatMap((name) => {
      const ref = parseAccountRef(name, 'instagram');
      return ref.ok ? [{ network: 'instagram' as const, accountKey: ref.value.key, title: null, username: name, avatarUrl: null }] : [];
    });
    const added = addToCompare(picks);
    setStatus(`${plural(added, 'account')} added to the Compare tray${added < picks.length ? ` (${picks.length - added} already there or over its limit)` : ''}.`);
  };

  // Fetching goes through Add accounts, so these accounts are quoted, confirmed and worded
  // exactly as anywhere else (unlocked elsewhere, free within a year, at most …).
  const fetchReports = () => {
    const refused = fetchThroughAddFlow(accounts.map((account) => ({ network: 'instagram' as const, account })));
    if (refused) setStatus(refused);
  };

  return (
    <section aria-labelledby="competitor-posts-title" className="competitor-posts" data-testid="post-browser">
      <h2 id="competitor-posts-title">Posts</h2>
      <div className="competitor-filters" role="search" aria-label="Filter posts">
        <label>
          {LABELS.text}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="post-search" />
        </label>
        <label>
          {LABELS.paidTypes}
          <select value={paidType} onChange={(e) => setPaidType(e.target.value)} data-testid="filter-paid">
            <option value="">All</option>
            {analysis.facets.paidTypes.map((t) => (
              <option key={t} value={t}>
                {apiWords(t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {LABELS.accountTypes}
          <select value={accountType} onChange={(e) => setAccountType(e.target.value)} data-testid="filter-account-type">
            <option value="">All</option>
            {analysis.facets.accountTypes.map((t) => (
              <option key={t} value={t}>
                {apiWords(t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {LABELS.countries}
          <select value={country} onChange={(e) => setCountry(e.target.value)} data-testid="filter-country">
            <option value="">All</option>
            {countryChoices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {/* A range is one group, its name above both bounds: it wraps whole, never leaving "to" alone. */}
        <FilterRange name={LABELS.followers}>
          <input inputMode="numeric" aria-label={`${LABELS.followers} from`} value={followersMin} onChange={(e) => setFollowersMin(e.target.value)} size={8} data-testid="filter-followers-min" />
          <input inputMode="numeric" aria-label={`${LABELS.followers} to`} value={followersMax} onChange={(e) => setFollowersMax(e.target.value)} size={8} />
        </FilterRange>
        <FilterRange name={LABELS.er}>
          <input inputMode="decimal" aria-label={`${LABELS.er} from`} value={erMin} onChange={(e) => setErMin(e.target.value)} size={5} data-testid="filter-er-min" />
          <input inputMode="decimal" aria-label={`${LABELS.er} to`} value={erMax} onChange={(e) => setErMax(e.target.value)} size={5} />
        </FilterRange>
        <FilterRange name={LABELS.posted}>
          <input type="date" aria-label={`${LABELS.posted} from`} value={from} onChange={(e) => setFrom(e.target.value)} />
          <input type="date" aria-label={`${LABELS.posted} to`} value={to} onChange={(e) => setTo(e.target.value)} />
        </FilterRange>
      </div>
      <div className="competitor-toolbar">
        <span role="status" data-testid="post-count">
          {total === null ? 'Reading posts…' : `${formatCount(total)} of ${formatCount(analysis.postsCached)} ${analysis.postsCached === 1 ? 'post' : 'posts'}`}
        </span>
        <ExportActions subject={() => ({ kind: 'competitor', id, filters, sort })} onStatus={setStatus} disabled={!total} scope="every post the filters show" />
        <button type="button" onClick={sendToCompare} disabled={!accounts.length}>
          Add {plural(accounts.length, 'account')} to Compare
        </button>
        <button type="button" onClick={fetchReports} disabled={!accounts.length}>
          Fetch {plural(accounts.length, 'report')}…
        </button>
        {selected.size > 0 && (
          <button type="button" onClick={() => setSelected(new Map())}>
            Clear selection
          </button>
        )}
      </div>
      {status && (
        <p role="status" className="muted" data-testid="post-status">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {total === 0 ? (
        <EmptyState
          title={analysis.postsCached ? 'No post matches these filters.' : 'No posts in the cache yet.'}
          testId="posts-empty"
          actions={
            analysis.postsCached > 0 && (
              <button type="button" onClick={clearFilters} data-testid="clear-post-filters">
                Clear filters
              </button>
            )
          }
        >
          {analysis.postsCached ? 'Clear a filter or the search to see more.' : 'Fetch the posts above; they stay in the cache for offline work.'}
        </EmptyState>
      ) : (
        <VirtualTable<CompetitorPostRow, ColumnKey>
          label="Posts"
          className="competitor-post-table"
          scrollClassName="competitor-posts-scroll"
          scrollTestId="post-scroll"
          columns={columns}
          count={total ?? 0}
          rowAt={rowAt}
          onRangeChange={onRangeChange}
          rowKey={rowKey}
          rowHeight={ROW_HEIGHT}
          overscan={12}
          scrollResetKey={queryKey}
          sort={sort}
          onSortChange={(next) => setSort(next as Sort)}
          selection={selection}
          onSelectionChange={onSelectionChange}
          rowLabel={(r) => `@${r.account ?? 'post'}`}
          rowProps={(r) => ({ 'data-testid': r ? 'post-row' : 'post-row-loading' })}
        />
      )}
    </section>
  );
}

/** Two bounds under one name: "Followers [from] to [to]". */
function FilterRange({ name, children: [low, high] }: { name: string; children: [ReactNode, ReactNode] }) {
  return (
    <fieldset className="filter-range">
      <legend>{name}</legend>
      <span className="filter-range-bounds">
        {low}
        <span aria-hidden="true">to</span>
        {high}
      </span>
    </fieldset>
  );
}
