// The posts of an analysis, from the cache: main filters, searches and sorts them in SQLite and
// the page asks for the slices the researcher scrolls to, so 50,000 posts scroll like 50. The
// table is virtualised (@tanstack/react-virtual): only the rows on screen are in the document.
// Links open outside through main's allow-list; accounts go to Compare or are fetched as
// reports through Add accounts (quoted there first); CSV and XLSX hold every post the filters show, in their order.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CompetitorAnalysisView, CompetitorFilters, CompetitorPostRow, CompetitorSortKey } from '@shared/competitor';
import { parseAccountRef } from '@shared/accountInput';
import { EmptyState, formatCount, formatDay, formatMetric, openOutside, plural } from '../../shared/ui';
import { errorMessage, scout } from '../../shared/scoutClient';
import { useScout } from '../../store';
import { saveFile } from '../../shared/saveFile';

const CHUNK = 200;
const ROW_HEIGHT = 36;

type Sort = { key: CompetitorSortKey; order: 'asc' | 'desc' };

interface Col {
  key: string;
  label: string;
  sort?: CompetitorSortKey;
  numeric?: boolean;
  cell: (r: CompetitorPostRow) => React.ReactNode;
}

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

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
  const [chunks, setChunks] = useState<Map<number, CompetitorPostRow[]>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
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
    if (/^\d{4}-\d{2}-\d{2}$/.test(from)) f.dateFrom = from;
    if (/^\d{4}-\d{2}-\d{2}$/.test(to)) f.dateTo = to;
    return f;
  }, [search, paidType, accountType, country, followersMin, followersMax, erMin, erMax, from, to]);
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
        setChunks((m) => new Map(m).set(chunk, page.rows));
        setError(null);
      } catch (e) {
        if (keyRef.current === key) setError(errorMessage(e));
      } finally {
        loading.current.delete(tag);
      }
    },
    [id, filters, sort],
  );

  useEffect(() => {
    keyRef.current = queryKey;
    setChunks(new Map());
    void loadChunk(0, queryKey);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryKey, loadChunk]);

  // The virtualizer's functions change every render; this component is left to React as is.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: total ?? 0, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const rowAt = (index: number) => chunks.get(Math.floor(index / CHUNK))?.[index % CHUNK];
  useEffect(() => {
    const needed = new Set(items.map((v) => Math.floor(v.index / CHUNK)));
    for (const chunk of needed) if (!chunks.has(chunk)) void loadChunk(chunk, queryKey);
  }, [items, chunks, loadChunk, queryKey]);

  const toggle = (row: CompetitorPostRow) => {
    setSelected((m) => {
      const next = new Map(m);
      if (next.has(row.index)) next.delete(row.index);
      else if (row.account) next.set(row.index, row.account);
      return next;
    });
  };
  const accounts = [...new Set(selected.values())];

  const sortBy = (key: CompetitorSortKey, numeric: boolean) =>
    setSort((s) => (s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: numeric || key === 'date' ? 'desc' : 'asc' }));

  const open = (url: string | null) => {
    if (url) void openOutside(url).catch((e) => setStatus(errorMessage(e)));
  };

  const columns: Col[] = [
    { key: 'date', label: 'Date', sort: 'date', cell: (r) => formatDay(r.postDate) },
    {
      key: 'account',
      label: 'Account',
      sort: 'account',
      cell: (r) =>
        r.account ? (
          <button type="button" className="link" onClick={() => open(r.accountUrl)} title={`Open @${r.account} on Instagram`}>
            @{r.account}
          </button>
        ) : (
          '—'
        ),
    },
    { key: 'type', label: 'Account type', cell: (r) => r.accountType ?? '—' },
    { key: 'followers', label: 'Followers', sort: 'followers', numeric: true, cell: (r) => formatMetric(r.followers, 'count') },
    { key: 'country', label: 'Country', sort: 'country', cell: (r) => r.country ?? '—' },
    { key: 'paid', label: 'Paid type', sort: 'paidType', cell: (r) => r.paidType ?? '—' },
    { key: 'er', label: 'Engagement', sort: 'er', numeric: true, cell: (r) => formatMetric(r.er, 'percent') },
    { key: 'reach', label: 'Reach', sort: 'reach', numeric: true, cell: (r) => formatMetric(r.reach, 'count') },
    { key: 'likes', label: 'Likes', sort: 'likes', numeric: true, cell: (r) => formatMetric(r.likes, 'count') },
    { key: 'budget', label: 'Est. budget', sort: 'budget', numeric: true, cell: (r) => formatMetric(r.estBudget, 'money') },
    { key: 'caption', label: 'Caption', cell: (r) => <span className="competitor-caption">{r.caption ?? ''}</span> },
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

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setStatus(null);
    try {
      const file = await scout.invoke('competitor:export', { id, format, filters, sort });
      setStatus(await saveFile(bytesOf(file.base64), file.fileName, file.mimeType));
    } catch (e) {
      setStatus(errorMessage(e));
    } finally {
      setBusy(false);
    }
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
    const refused = useScout.getState().fetchThroughAddFlow(accounts.map((account) => ({ network: 'instagram' as const, account })));
    if (refused) setStatus(refused);
  };

  const pad = items.length ? items[0]!.start : 0;
  const padEnd = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <section aria-labelledby="competitor-posts-title" className="competitor-posts" data-testid="post-browser">
      <h2 id="competitor-posts-title">Posts</h2>
      <div className="competitor-filters" role="search" aria-label="Filter posts">
        <label>
          Search captions and accounts
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="post-search" />
        </label>
        <label>
          Paid type
          <select value={paidType} onChange={(e) => setPaidType(e.target.value)} data-testid="filter-paid">
            <option value="">All</option>
            {analysis.facets.paidTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Account type
          <select value={accountType} onChange={(e) => setAccountType(e.target.value)} data-testid="filter-account-type">
            <option value="">All</option>
            {analysis.facets.accountTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Audience country
          <select value={country} onChange={(e) => setCountry(e.target.value)} data-testid="filter-country">
            <option value="">All</option>
            {analysis.facets.countries.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Followers from
          <input inputMode="numeric" value={followersMin} onChange={(e) => setFollowersMin(e.target.value)} size={8} data-testid="filter-followers-min" />
        </label>
        <label>
          to
          <input inputMode="numeric" value={followersMax} onChange={(e) => setFollowersMax(e.target.value)} size={8} />
        </label>
        <label>
          Engagement % from
          <input inputMode="decimal" value={erMin} onChange={(e) => setErMin(e.target.value)} size={5} data-testid="filter-er-min" />
        </label>
        <label>
          to
          <input inputMode="decimal" value={erMax} onChange={(e) => setErMax(e.target.value)} size={5} />
        </label>
        <label>
          Posted from
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          to
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      <div className="competitor-toolbar">
        <span role="status" data-testid="post-count">
          {total === null ? 'Reading posts…' : `${formatCount(total)} of ${formatCount(analysis.postsCached)} ${analysis.postsCached === 1 ? 'post' : 'posts'}`}
        </span>
        <button type="button" onClick={() => void exportAs('csv')} disabled={busy || !total} data-testid="export-csv">
          Export CSV
        </button>
        <button type="button" onClick={() => void exportAs('xlsx')} disabled={busy || !total} data-testid="export-xlsx">
          Export XLSX
        </button>
        <button type="button" onClick={sendToCompare} disabled={!accounts.length}>
          Add {plural(accounts.length, 'account')} to Compare
        </button>
        <button type="button" onClick={fetchReports} disabled={busy || !accounts.length}>
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
        <EmptyState title={analysis.postsCached ? 'No post matches these filters.' : 'No posts in the cache yet.'}>
          {analysis.postsCached ? 'Clear a filter or the search to see more.' : 'Fetch the posts above; they stay in the cache for offline work.'}
        </EmptyState>
      ) : (
        <div ref={scrollRef} className="competitor-posts-scroll" data-testid="post-scroll">
          <table className="data-table competitor-post-table" aria-label="Posts" aria-rowcount={(total ?? 0) + 1}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Select</span>
                </th>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.numeric ? 'numeric' : undefined}
                    aria-sort={c.sort && sort.key === c.sort ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort ? (
                      <button type="button" className="sort" onClick={() => sortBy(c.sort!, !!c.numeric)}>
                        {c.label}
                        {sort.key === c.sort ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pad > 0 && <tr aria-hidden="true" style={{ height: pad }} />}
              {items.map((v) => {
                const row = rowAt(v.index);
                return (
                  <tr key={v.key} aria-rowindex={v.index + 2} style={{ height: ROW_HEIGHT }} data-testid={row ? 'post-row' : 'post-row-loading'}>
                    {row ? (
                      <>
                        <td>
                          <input type="checkbox" checked={selected.has(row.index)} onChange={() => toggle(row)} aria-label={`Select @${row.account ?? 'post'}`} />
                        </td>
                        {columns.map((c) => (
                          <td key={c.key} className={c.numeric ? 'numeric' : undefined}>
                            {c.cell(row)}
                          </td>
                        ))}
                      </>
                    ) : (
                      <td colSpan={columns.length + 1} className="muted">
                        Loading…
                      </td>
                    )}
                  </tr>
                );
              })}
              {padEnd > 0 && <tr aria-hidden="true" style={{ height: padEnd }} />}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
