import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { networks, type BalanceKind, type Network } from '@shared/reports';
import { parseAccountList } from '@shared/accountInput';
import { useScout } from '../../store';
import { formatAge, formatCount } from '../../shared/format';
import { ConfirmSpend, DataTable, EmptyState, emptySelection, ErrorState, keepShown, type Column, type Selection } from '../../shared/ui';
import { Avatar } from '../../shared/Avatar';
import type { LibraryItemView } from '@shared/contract';
import { costText, creditAmount, networkLabels } from './labels';
import type { LibraryQuery, TiktokType } from './accountsSlice';
import { ReportView } from './ReportView';
import { ProgressLine, RunProgressLine } from './FetchProgress';
import { readReportAddress } from './reportAddress';

export function AccountsPage() {
  const subpath = useScout((s) => s.subpath);
  const previous = useRef(subpath);

  // Back from a report to the library: the keyboard lands on the row of the report left.
  useEffect(() => {
    const from = previous.current;
    previous.current = subpath;
    const left = from.length >= 2 && subpath.length === 0 ? readReportAddress(from) : null;
    if (!left?.ok) return;
    const testId = `library-row-${left.account.network}-${left.account.key}`;
    const focusRow = () => {
      const row = [...document.querySelectorAll<HTMLElement>('[data-testid^="library-row-"]')].find((r) => r.dataset.testid === testId);
      row?.focus();
      return row !== undefined;
    };
    if (focusRow()) return;
    // Not on the page yet: maybe once the library has answered.
    const off = useScout.subscribe((state, before) => {
      if (state.library === before.library) return;
      off();
      focusRow();
    });
    return off;
  }, [subpath]);

  if (subpath.length >= 2) {
    const address = readReportAddress(subpath);
    return address.ok ? <ReportView account={address.account} /> : <UnreadableAddress message={address.message} />;
  }
  return <Library />;
}

/** An address that names no account: said so, with the way back, rather than some page. */
function UnreadableAddress({ message }: { message: string }) {
  const navigate = useScout((s) => s.navigate);
  return (
    <section aria-labelledby="page-title" data-testid="report-address-unreadable">
      <button type="button" className="link" onClick={() => navigate('accounts')}>
        ← All accounts
      </button>
      <h1 id="page-title">This address names no account</h1>
      <p role="alert" className="feedback error">
        Scout cannot read the account in this address. {message}
      </p>
      <p>Open the account from the list of all accounts, or add it with Add accounts.</p>
    </section>
  );
}

const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

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
const followers = (v: string) => Number(v.replace(/\D/g, '')) || undefined;
const followersMinFilter: TypedFilter = (v) => ({ followersMin: followers(v) });
const followersMaxFilter: TypedFilter = (v) => ({ followersMax: followers(v) });

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

function Library() {
  const query = useScout((s) => s.libraryQuery);
  const ageDays = useScout((s) => s.libraryAgeDays);
  const library = useScout((s) => s.library);
  const libraryEmpty = useScout((s) => s.libraryEmpty);
  const error = useScout((s) => s.libraryError);
  const loading = useScout((s) => s.libraryLoading);
  const setQuery = useScout((s) => s.setLibraryQuery);
  const setAge = useScout((s) => s.setLibraryAge);
  const clearFilters = useScout((s) => s.clearLibraryFilters);
  const load = useScout((s) => s.loadLibrary);
  const navigate = useScout((s) => s.navigate);
  const active = useScout((s) => s.workspace?.active);
  const [adding, setAdding] = useState(false);
  // A run keeps its panel open until it is dismissed, also when the researcher comes back from a report.
  const hasRun = useScout((s) => s.run !== null);
  const dismissRun = useScout((s) => s.dismissRun);
  const clearPlan = useScout((s) => s.clearPlan);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  // What counts as selected is what is ticked on screen: a row a filter hides is not counted (nor
  // taken by what acts on the selection), and is ticked again if the filter brings it back.
  const ticked = useMemo(() => (library ? keepShown(selection, library.items.map(libraryKey)) : selection), [library, selection]);
  const addButton = useRef<HTMLButtonElement>(null);

  const search = useTypedFilter(query.text ?? '', textFilter);
  const country = useTypedFilter(query.countries?.[0] ?? '', countryFilter);
  const followersMin = useTypedFilter(query.followersMin?.toString() ?? '', followersMinFilter);
  const followersMax = useTypedFilter(query.followersMax?.toString() ?? '', followersMaxFilter);
  // The age choice is shown only while its dates are still in the query.
  const age = query.fetchedAfter === undefined && query.fetchedBefore === undefined ? '' : String(ageDays ?? '');

  useEffect(() => {
    void load();
  }, [load, active]);

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
        <button ref={addButton} type="button" className="primary" onClick={() => setAdding(true)} aria-expanded={adding || hasRun}>
          Add accounts
        </button>
      </div>
      {(adding || hasRun) && (
        <AddAccounts
          focusOnOpen={adding}
          onClose={() => {
            setAdding(false);
            clearPlan();
            dismissRun();
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
          <select aria-label="Age of data" value={age} onChange={(e) => setAge(e.target.value ? Number(e.target.value) : null)}>
            {ageChoices.map((c) => (
              <option key={c.label} value={c.days ?? ''}>
                {c.label}
              </option>
            ))}
          </select>
          <input aria-label="Country (two letters)" placeholder="Country" className="narrow" maxLength={2} value={country.value} onChange={country.onChange} />
          <input
            aria-label="Followers at least"
            placeholder="Followers ≥"
            className="narrow"
            inputMode="numeric"
            value={followersMin.value}
            onChange={followersMin.onChange}
          />
          <input
            aria-label="Followers at most"
            placeholder="Followers ≤"
            className="narrow"
            inputMode="numeric"
            value={followersMax.value}
            onChange={followersMax.onChange}
          />
        </div>
      </div>

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
          <button type="button" className="link" onClick={() => setSelection(emptySelection)}>
            Clear selection
          </button>
        </p>
      )}
      {library && library.items.length > 0 && (
        <DataTable<LibraryItemView, LibrarySortKey>
          label="Cached accounts"
          className="library"
          columns={libraryColumns}
          rows={library.items}
          rowKey={libraryKey}
          sort={{ key: query.sort ?? 'fetchedAt', order: query.order ?? 'desc' }}
          onSortChange={(next) => setQuery({ sort: next.key, order: next.order })}
          onOpen={(item) => open(item.network, item.accountKey)}
          selection={ticked}
          onSelectionChange={setSelection}
          rowLabel={(item) => `${item.summary.title ?? item.summary.username} (${networkLabels[item.network as Network] ?? item.network})`}
          rowProps={(item) => ({ 'data-testid': `library-row-${item.network}-${item.accountKey}` })}
        />
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

const libraryKey = (item: LibraryItemView) => `${item.network}:${item.accountKey}`;

/** The library's columns; main sorts, so a header asks for its order (names A→Z first, figures largest first). */
const libraryColumns: Column<LibraryItemView, LibrarySortKey>[] = [
  {
    key: 'username',
    label: 'Account',
    firstOrder: 'asc',
    cell: (item) => (
      <span className="account-cell">
        <Avatar url={item.summary.avatarUrl} label={item.summary.username} />
        <span>
          <strong>{item.summary.title ?? item.summary.username}</strong>
          <span className="muted"> @{item.summary.username}</span>
        </span>
      </span>
    ),
  },
  { key: 'network', label: 'Network', firstOrder: 'asc', cell: (item) => networkLabels[item.network as Network] ?? item.network },
  {
    key: 'followers',
    label: 'Followers',
    numeric: true,
    cell: (item) => formatCount(item.summary.followers),
    title: (item) => (item.summary.followers === null ? undefined : String(item.summary.followers)),
  },
  {
    key: 'engagementRate',
    label: 'ER',
    numeric: true,
    cell: (item) => (item.summary.engagementRate === null ? '—' : `${percent.format(item.summary.engagementRate)} %`),
    title: (item) => (item.summary.engagementRate === null ? undefined : String(item.summary.engagementRate)),
  },
  { key: 'fetchedAt', label: 'Fetched', firstOrder: 'desc', cell: (item) => formatAge(item.fetchedAt), title: (item) => new Date(item.fetchedAt).toLocaleString() },
];

function AddAccounts({ onClose, focusOnOpen }: { onClose: () => void; focusOnOpen: boolean }) {
  const [text, setText] = useState('');
  const [network, setNetwork] = useState<Network | ''>('instagram');
  const [tiktokType, setTiktokType] = useState<TiktokType>('advanced_report');
  const plan = useScout((s) => s.fetchPlan);
  const planning = useScout((s) => s.planning);
  const planFetches = useScout((s) => s.planFetches);
  const selectPlanned = useScout((s) => s.selectPlanned);
  const clearPlan = useScout((s) => s.clearPlan);
  const runFetches = useScout((s) => s.runFetches);
  const cancelRun = useScout((s) => s.cancelRun);
  const run = useScout((s) => s.run);
  const active = useScout((s) => s.workspace?.active ?? null);
  const planState = useScout((s) => s.plan);
  const ids = { text: useId(), network: useId() };
  const textRef = useRef<HTMLTextAreaElement>(null);

  // Opened from its button: the researcher came to type.
  useEffect(() => {
    if (focusOnOpen) textRef.current?.focus();
  }, [focusOnOpen]);

  const parsed = useMemo(() => parseAccountList(text, network || null), [text, network]);
  const valid = parsed.flatMap((p) => (p.ok ? [p.value] : []));
  const invalid = parsed.flatMap((p) => (p.ok ? [] : [p]));
  const hasTiktok = valid.some((v) => v.network === 'tiktok');

  // The balances of the workspace the plan was quoted in, and what the selected rows spend of them.
  const balances = plan && planState?.workspace === plan.workspace ? planState.plan : null;
  const chosen = plan ? plan.items.filter((p, i) => plan.selected[i] && p.quote) : [];
  const spend = new Map<BalanceKind, number>();
  for (const p of chosen) if (p.quote?.cost) spend.set(p.quote.balance, (spend.get(p.quote.balance) ?? 0) + p.quote.cost);
  const left = (kind: BalanceKind) =>
    balances
      ? { credits: balances.reports.credits, miniReports: balances.reports.reports, advancedReports: balances.reports.advancedReports, discoveryRequests: balances.discovery.requests }[kind]
      : null;
  const short = [...spend].flatMap(([kind, n]) => {
    const before = left(kind);
    return before !== null && before < n ? [{ kind, n, before, missing: n - before }] : [];
  });

  return (
    <div
      className="card add-accounts"
      role="region"
      aria-label="Add accounts"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || run?.running) return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="form-row">
        <label htmlFor={ids.network}>Network for bare names</label>
        <select id={ids.network} value={network} onChange={(e) => (setNetwork(e.target.value as Network | ''), clearPlan())}>
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
              <input type="radio" name="tiktok-type" checked={tiktokType === 'report'} onChange={() => (setTiktokType('report'), clearPlan())} /> Mini
            </label>
            <label>
              <input type="radio" name="tiktok-type" checked={tiktokType === 'advanced_report'} onChange={() => (setTiktokType('advanced_report'), clearPlan())} />{' '}
              Advanced
            </label>
          </fieldset>
        )}
      </div>
      <label htmlFor={ids.text}>Usernames, channel ids, TikTok user ids or profile links — one per line, or several separated by commas or spaces</label>
      <textarea
        id={ids.text}
        ref={textRef}
        rows={4}
        value={text}
        spellCheck={false}
        placeholder={'natgeo\nhttps://www.youtube.com/channel/UC…\ntwitch:shroud'}
        onChange={(e) => (setText(e.target.value), clearPlan())}
      />
      {invalid.length > 0 && (
        <ul className="feedback error" aria-live="polite" data-testid="refused-lines">
          {invalid.map((p, i) => (
            <li key={i}>
              {p.source} — {p.reason}
            </li>
          ))}
        </ul>
      )}
      {!plan && (
        <div className="actions">
          <button type="button" className="primary" disabled={valid.length === 0 || planning || !!run?.running} onClick={() => void planFetches(valid, tiktokType)}>
            {planning ? 'Checking…' : `Check cost of ${valid.length} account${valid.length === 1 ? '' : 's'}`}
          </button>
          <button type="button" onClick={onClose} disabled={!!run?.running}>
            Close
          </button>
        </div>
      )}
      {plan && !run?.running && (
        <ConfirmSpend
          className="confirm"
          testId="fetch-confirmation"
          label="Confirm the fetch of these accounts"
          confirmLabel={spend.size === 0 ? 'Fetch' : `Fetch and spend ${[...spend].map(([kind, n]) => creditAmount(n, kind)).join(' and ')}`}
          confirmDisabled={chosen.length === 0 || short.length > 0 || plan.workspace !== active}
          onConfirm={() => void runFetches()}
          backLabel="Change"
          onBack={clearPlan}
          escapeGoesBack={false}
        >
          <ul>
            {plan.items.map((p, i) => (
              <li key={`${p.input.network}:${p.input.account}`}>
                <label>
                  <input type="checkbox" checked={plan.selected[i] ?? false} disabled={!p.quote} onChange={(e) => selectPlanned(i, e.target.checked)} />{' '}
                  <strong>{networkLabels[p.input.network]}</strong> {p.input.account}
                </label>
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
            {chosen.length === 0
              ? 'Nothing selected.'
              : spend.size === 0
                ? 'This costs nothing.'
                : [...spend].map(([kind, n]) => {
                    const before = left(kind);
                    if (before !== null && before < n) return `Needs ${creditAmount(n, kind)}; only ${formatCount(before)} left. `;
                    return `Spends ${creditAmount(n, kind)}${before === null ? '' : `, leaving ${formatCount(before - n)} of ${formatCount(before)}`}. `;
                  })}
          </p>
          {short.length > 0 && (
            <div className="callout warning" role="alert" data-testid="short-balance">
              {short.map(({ kind, n, before, missing }) => (
                <p key={kind}>
                  <strong>{creditAmount(missing, kind)} missing:</strong> the selected accounts need {formatCount(n)}, and {formatCount(before)}{' '}
                  {before === 1 ? 'is' : 'are'} left.
                </p>
              ))}
              <p>Uncheck some accounts, or add credits to your plan and check the cost again.</p>
            </div>
          )}
        </ConfirmSpend>
      )}
      {run && (
        <div className="run" data-testid="fetch-run">
          <p role="status" aria-live="polite" data-testid="run-progress">
            <RunProgressLine run={run} />
          </p>
          <ul>
            {run.items.map((it) => (
              <li key={`${it.input.network}:${it.input.account}`} data-status={it.status}>
                {networkLabels[it.input.network]} {it.input.account}: {(it.status === 'running' || it.status === 'waiting') && it.progress ? <ProgressLine progress={it.progress} /> : it.status}
                {it.message && <span className="feedback error"> — {it.message}</span>}
                {(it.status === 'done' || it.status === 'running') && run.workspace === active && (
                  <>
                    {' '}
                    <button type="button" className="link" onClick={() => useScout.getState().navigate('accounts', [it.input.network, it.input.account])}>
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
