import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { networks, type BalanceKind, type Network } from '@shared/reports';
import { accountKeyOf, parseAccountList } from '@shared/accountInput';
import { useScout } from '../../store';
import { formatAge, formatCount } from '../../shared/format';
import { Avatar } from '../../shared/Avatar';
import { costText, creditAmount, networkLabels } from './labels';
import type { LibraryQuery, PlannedFetch } from './accountsSlice';
import { ReportView } from './ReportView';
import { ProgressLine } from './FetchProgress';

export function AccountsPage() {
  const subpath = useScout((s) => s.subpath);
  if (subpath.length >= 2) return <ReportView network={subpath[0] as Network} account={subpath[1]!} />;
  return <Library />;
}

const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

const ageChoices = [
  { label: 'Any age', days: null },
  { label: 'Fetched in the last 30 days', days: 30 },
  { label: 'In the last 90 days', days: 90 },
  { label: 'Over 90 days ago', days: -90 },
] as const;

function Library() {
  const query = useScout((s) => s.libraryQuery);
  const library = useScout((s) => s.library);
  const error = useScout((s) => s.libraryError);
  const loading = useScout((s) => s.libraryLoading);
  const setQuery = useScout((s) => s.setLibraryQuery);
  const load = useScout((s) => s.loadLibrary);
  const navigate = useScout((s) => s.navigate);
  const active = useScout((s) => s.workspace?.active);
  const [adding, setAdding] = useState(false);
  // A run keeps its panel open until it is dismissed, also when the researcher comes back from a report.
  const hasRun = useScout((s) => s.run !== null);
  const dismissRun = useScout((s) => s.dismissRun);
  const [text, setText] = useState(query.text ?? '');
  const [ageDays, setAgeDays] = useState('');
  const tableRef = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    void load();
  }, [load, active]);

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((query.text ?? '') !== text) setQuery({ text: text || undefined });
    }, 200);
    return () => clearTimeout(timer);
  }, [text, query.text, setQuery]);

  const open = (network: string, accountKey: string) => navigate('accounts', [network, accountKey]);

  // Up and down move between rows, Enter opens one.
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, network: string, key: string) => {
    const rows = [...(tableRef.current?.querySelectorAll<HTMLTableRowElement>('tr') ?? [])];
    const at = rows.indexOf(event.currentTarget);
    if (event.key === 'Enter') open(network, key);
    else if (event.key === 'ArrowDown') rows[at + 1]?.focus();
    else if (event.key === 'ArrowUp') rows[at - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby="page-title" data-testid="page-accounts">
      <div className="page-head">
        <h1 id="page-title" tabIndex={-1}>
          Accounts
        </h1>
        <button type="button" className="primary" onClick={() => setAdding(true)} aria-expanded={adding || hasRun}>
          Add accounts
        </button>
      </div>
      {(adding || hasRun) && (
        <AddAccounts
          onClose={() => {
            setAdding(false);
            dismissRun();
          }}
        />
      )}

      <div className="toolbar" role="search">
        <input
          type="search"
          aria-label="Search names, descriptions, captions and hashtags"
          placeholder="Search names, descriptions, captions, hashtags…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <select aria-label="Network" value={query.networks?.[0] ?? ''} onChange={(e) => setQuery({ networks: e.target.value ? [e.target.value as Network] : undefined })}>
          <option value="">All networks</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {networkLabels[n]}
            </option>
          ))}
        </select>
        <select
          aria-label="Report state"
          value={query.states?.[0] ?? ''}
          onChange={(e) => setQuery({ states: e.target.value ? [e.target.value as 'READY' | 'READY_LOW_CONFIDENCE'] : undefined })}
        >
          <option value="">Any state</option>
          <option value="READY">Ready</option>
          <option value="READY_LOW_CONFIDENCE">Low confidence</option>
        </select>
        <select
          aria-label="Age of data"
          value={ageDays}
          onChange={(e) => {
            setAgeDays(e.target.value);
            const days = e.target.value ? Number(e.target.value) : null;
            const now = Date.now();
            setQuery({
              fetchedAfter: days !== null && days > 0 ? now - days * 86_400_000 : undefined,
              fetchedBefore: days !== null && days < 0 ? now + days * 86_400_000 : undefined,
            });
          }}
        >
          {ageChoices.map((c) => (
            <option key={c.label} value={c.days ?? ''}>
              {c.label}
            </option>
          ))}
        </select>
        <input
          aria-label="Country (two letters)"
          placeholder="Country"
          className="narrow"
          maxLength={2}
          defaultValue={query.countries?.[0] ?? ''}
          onChange={(e) => {
            const v = e.target.value.trim();
            if (v.length === 2 || v.length === 0) setQuery({ countries: v ? [v.toUpperCase()] : undefined });
          }}
        />
        <input
          aria-label="Followers at least"
          placeholder="Followers ≥"
          className="narrow"
          inputMode="numeric"
          onChange={(e) => setQuery({ followersMin: Number(e.target.value.replace(/\D/g, '')) || undefined })}
        />
        <input
          aria-label="Followers at most"
          placeholder="Followers ≤"
          className="narrow"
          inputMode="numeric"
          onChange={(e) => setQuery({ followersMax: Number(e.target.value.replace(/\D/g, '')) || undefined })}
        />
        <span className="muted" role="status" data-testid="library-count">
          {library ? `${formatCount(library.total)} account${library.total === 1 ? '' : 's'}` : loading ? 'Loading…' : ''}
        </span>
      </div>

      {error && <p className="feedback error" role="alert">{error}</p>}
      {library && library.total === 0 && !query.text && !query.networks && (
        <div className="callout info">
          <p>
            <strong>No cached accounts yet.</strong> Use <em>Add accounts</em> to fetch reports; once fetched they stay here and open
            without a network.
          </p>
        </div>
      )}
      {library && library.items.length > 0 && (
        <table className="table library" aria-label="Cached accounts">
          <thead>
            <tr>
              <SortHeader label="Account" sort="username" />
              <SortHeader label="Network" sort="network" />
              <SortHeader label="Followers" sort="followers" numeric />
              <SortHeader label="ER" sort="engagementRate" numeric />
              <SortHeader label="Fetched" sort="fetchedAt" />
            </tr>
          </thead>
          <tbody ref={tableRef}>
            {library.items.map((item) => (
              <tr
                key={`${item.network}:${item.accountKey}`}
                tabIndex={0}
                data-testid={`library-row-${item.network}-${item.accountKey}`}
                onClick={() => open(item.network, item.accountKey)}
                onKeyDown={(e) => onRowKey(e, item.network, item.accountKey)}
              >
                <td>
                  <span className="account-cell">
                    <Avatar url={item.summary.avatarUrl} label={item.summary.username} />
                    <span>
                      <strong>{item.summary.title ?? item.summary.username}</strong>
                      <span className="muted"> @{item.summary.username}</span>
                    </span>
                  </span>
                </td>
                <td>{networkLabels[item.network as Network] ?? item.network}</td>
                <td className="num" title={item.summary.followers === null ? undefined : String(item.summary.followers)}>
                  {formatCount(item.summary.followers)}
                </td>
                <td className="num" title={item.summary.engagementRate === null ? undefined : String(item.summary.engagementRate)}>
                  {item.summary.engagementRate === null ? '—' : `${percent.format(item.summary.engagementRate)} %`}
                </td>
                <td title={new Date(item.fetchedAt).toLocaleString()}>{formatAge(item.fetchedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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

/** A column header that sorts the library by its column; a second click reverses the order. */
function SortHeader({ label, sort, numeric = false }: { label: string; sort: NonNullable<LibraryQuery['sort']>; numeric?: boolean }) {
  const query = useScout((s) => s.libraryQuery);
  const setQuery = useScout((s) => s.setLibraryQuery);
  const state = query.sort === sort ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={state}>
      <button type="button" className="link" onClick={() => setQuery({ sort, order: query.sort === sort && query.order === 'desc' ? 'asc' : 'desc' })}>
        {label}
      </button>
    </th>
  );
}

function AddAccounts({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [network, setNetwork] = useState<Network | ''>('instagram');
  const [tiktokType, setTiktokType] = useState<'report' | 'advanced_report'>('advanced_report');
  const [plan, setPlan] = useState<PlannedFetch[] | null>(null);
  const [checking, setChecking] = useState(false);
  const planFetches = useScout((s) => s.planFetches);
  const runFetches = useScout((s) => s.runFetches);
  const cancelRun = useScout((s) => s.cancelRun);
  const run = useScout((s) => s.run);
  const balances = useScout((s) => s.plan?.plan);
  const ids = { text: useId(), network: useId() };

  const parsed = useMemo(() => parseAccountList(text, network || null), [text, network]);
  const valid = parsed.flatMap((p) => (p.ok ? [p.value] : []));
  const invalid = parsed.filter((p) => !p.ok);
  const hasTiktok = valid.some((v) => v.network === 'tiktok');

  const check = async () => {
    setChecking(true);
    setPlan(await planFetches(valid, tiktokType));
    setChecking(false);
  };

  const spend = new Map<BalanceKind, number>();
  for (const p of plan ?? []) if (p.quote?.cost) spend.set(p.quote.balance, (spend.get(p.quote.balance) ?? 0) + p.quote.cost);
  const left = (kind: BalanceKind) =>
    balances
      ? { credits: balances.reports.credits, miniReports: balances.reports.reports, advancedReports: balances.reports.advancedReports, discoveryRequests: balances.discovery.requests }[kind]
      : null;

  return (
    <div className="card add-accounts" role="region" aria-label="Add accounts">
      <div className="form-row">
        <label htmlFor={ids.network}>Network for bare names</label>
        <select id={ids.network} value={network} onChange={(e) => (setNetwork(e.target.value as Network | ''), setPlan(null))}>
          <option value="">None (links and prefixed names only)</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {networkLabels[n]}
            </option>
          ))}
        </select>
        {hasTiktok && (
          <fieldset className="inline">
            <legend>TikTok report</legend>
            <label>
              <input type="radio" name="tiktok-type" checked={tiktokType === 'report'} onChange={() => (setTiktokType('report'), setPlan(null))} /> Mini
            </label>
            <label>
              <input type="radio" name="tiktok-type" checked={tiktokType === 'advanced_report'} onChange={() => (setTiktokType('advanced_report'), setPlan(null))} /> Advanced
            </label>
          </fieldset>
        )}
      </div>
      <label htmlFor={ids.text}>Usernames, channel ids, TikTok user ids or profile links — one or many</label>
      <textarea
        id={ids.text}
        rows={4}
        value={text}
        spellCheck={false}
        placeholder={'natgeo\nhttps://www.youtube.com/channel/UC…\ntwitch:shroud'}
        onChange={(e) => (setText(e.target.value), setPlan(null))}
      />
      {invalid.length > 0 && (
        <ul className="feedback error" aria-live="polite">
          {invalid.map((p, i) => (
            <li key={i}>{!p.ok && `${p.source}: ${p.reason}`}</li>
          ))}
        </ul>
      )}
      {!plan && (
        <div className="actions">
          <button type="button" className="primary" disabled={valid.length === 0 || checking} onClick={() => void check()}>
            {checking ? 'Checking…' : `Check cost of ${valid.length} account${valid.length === 1 ? '' : 's'}`}
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      )}
      {plan && !run?.running && (
        <div className="confirm" data-testid="fetch-confirmation">
          <ul>
            {plan.map((p) => (
              <li key={`${p.input.network}:${p.input.account}`}>
                <strong>{networkLabels[p.input.network]}</strong> {p.input.account}
                {p.input.byUserId && <span className="muted"> (user id)</span>} —{' '}
                {p.error ? (
                  <span className="feedback error">{p.error}</span>
                ) : (
                  <span>
                    {p.cached ? 'cached; refresh ' : ''}
                    {costText(p.quote!)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p role="status">
            {spend.size === 0
              ? 'This costs nothing.'
              : [...spend].map(([kind, n]) => {
                  const before = left(kind);
                  return `Spends ${creditAmount(n, kind)}${before === null ? '' : `, leaving ${formatCount(before - n)} of ${formatCount(before)}`}. `;
                })}
          </p>
          <div className="actions">
            <button type="button" className="primary" disabled={!plan.some((p) => p.quote)} onClick={() => void runFetches(plan, tiktokType)}>
              {spend.size === 0 ? 'Fetch' : `Fetch and spend ${[...spend].map(([kind, n]) => creditAmount(n, kind)).join(' and ')}`}
            </button>
            <button type="button" onClick={() => setPlan(null)}>
              Change
            </button>
          </div>
        </div>
      )}
      {run && (
        <div className="run" aria-live="polite" data-testid="fetch-run">
          <ul>
            {run.items.map((it) => (
              <li key={`${it.input.network}:${it.input.account}`} data-status={it.status}>
                {networkLabels[it.input.network]} {it.input.account}: {it.status === 'running' && run.progress ? <ProgressLine progress={run.progress} /> : it.status}
                {it.message && <span className="feedback error"> — {it.message}</span>}
                {(it.status === 'done' || it.status === 'running') && (
                  <>
                    {' '}
                    <button type="button" className="link" onClick={() => useScout.getState().navigate('accounts', [it.input.network, accountKeyOf(it.input.account)])}>
                      Open
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {run.running ? (
            <button type="button" onClick={() => void cancelRun()}>
              Cancel
            </button>
          ) : (
            <button type="button" onClick={onClose}>
              Done
            </button>
          )}
        </div>
      )}
    </div>
  );
}

