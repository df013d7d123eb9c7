// Tracking: watchlists of accounts that Scout refreshes on a schedule while their access is free,
// so each gains a snapshot a day or a week (a history the API does not keep). A watchlist spends
// credits only when the researcher allows it to renew, up to a monthly limit they set here. The
// open watchlist is in the address (#/tracking/3).
import { useState, type FormEvent } from 'react';
import { useShell } from '../../data/useShell';
import { splitAccountBatch } from '@shared/accountInput';
import type { Network } from '@shared/reports';
import { accountHandle } from '@shared/labels';
import {
  MAX_RENEW_CAP,
  refreshOutcomeLabels,
  scheduleLabels,
  watchSchedules,
  type TrackingProgress,
  type WatchlistMember,
  type WatchlistSummary,
  type WatchSchedule,
} from '@shared/tracking';
import { useScout } from '../../store';
import { changedByTeammate, seenVersionOf } from '@shared/teamSeen';
import { AlertsInbox } from './AlertsInbox';
import { AlertRulesForm } from './AlertRulesForm';
import { RenewalPlan } from './RenewalPlan';
import { errorMessage, fieldErrors, scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { teamReceived } from '../../data/scoutQuery';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import {
  ChangedMeanwhile,
  DataTable,
  EmptyState,
  ErrorState,
  FormField,
  NetworkSelect,
  StatusBadge,
  formatAge,
  formatCount,
  formatDate,
  formatDateTime,
  networkLabels,
  plural,
  type Column,
  type StatusTone,
} from '../../shared/ui';

const readId = (text: string | undefined): number | null => (text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/** "Every day, next in 3 hours" / "Only when I ask" / "Paused". */
function scheduleText(w: WatchlistSummary): string {
  if (w.paused) return 'Paused';
  if (w.schedule === 'manual') return scheduleLabels.manual;
  if (w.nextRunAt === null) return `${scheduleLabels[w.schedule]} (no accounts yet)`;
  return w.nextRunAt <= Date.now() ? `${scheduleLabels[w.schedule]}, due now` : `${scheduleLabels[w.schedule]}, next ${formatDateTime(w.nextRunAt)}`;
}

function renewText(w: WatchlistSummary): string {
  return w.renewCap === 0 ? 'Never spends' : `${formatCount(w.renewedThisMonth)} of ${plural(w.renewCap, 'credit')} this month`;
}

/** What a run has done so far, in words. */
export function progressText(p: Omit<TrackingProgress, 'workspace'>): string {
  const parts = [
    p.refreshed > 0 ? `${formatCount(p.refreshed)} refreshed for free` : null,
    p.renewed > 0 ? `${formatCount(p.renewed)} renewed` : null,
    p.needsCredit > 0 ? `${formatCount(p.needsCredit)} ${p.needsCredit === 1 ? 'needs' : 'need'} a credit` : null,
    p.failed > 0 ? `${formatCount(p.failed)} not refreshed` : null,
  ].filter(Boolean);
  const alerts = p.state !== 'running' && p.alerts > 0 ? ` ${plural(p.alerts, 'new alert')}.` : '';
  const tally = parts.length > 0 ? `: ${parts.join(', ')}` : '';
  if (p.state === 'running') return `Refreshing ${formatCount(p.done)} of ${plural(p.total, 'account')}${tally}…`;
  if (p.state === 'skipped') return p.reason ?? 'Not refreshed.';
  if (p.state === 'stopped') return `Stopped after ${formatCount(p.done)} of ${plural(p.total, 'account')}${tally}.${alerts}`;
  return `Refreshed ${plural(p.total, 'account')}${tally}.${alerts}`;
}

export function TrackingPage() {
  const subpath = useScout((s) => s.subpath);
  const navigate = useScout((s) => s.navigate);
  const openId = readId(subpath[0]);
  const lists = useScoutQuery(() => scout.invoke('watchlists:list', {}), [], { keepPrevious: true, refreshOn: [{ event: 'watchlists:changed', when: (p) => p.state !== 'running' }, teamReceived('watchlist')] });

  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState<WatchSchedule>('daily');
  const [nameError, setNameError] = useState<string | null>(null);
  const making = useScoutMutation((input: { name: string; schedule: WatchSchedule }) => scout.invoke('watchlists:create', input), {
    onSuccess: () => {
      setName('');
      setNameError(null);
    },
    onError: (words, error) => setNameError(fieldErrors(error).name ?? words),
    refresh: [lists],
  });
  const creating = making.busy;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const made = await making.run({ name, schedule });
    if (made.ok) navigate('tracking', [String(made.value.id)]);
  };

  const columns: Column<WatchlistSummary>[] = [
    { key: 'name', label: 'Watchlist', cell: (w) => w.name, sortValue: (w) => w.name.toLowerCase(), firstOrder: 'asc' },
    { key: 'accounts', label: 'Accounts', numeric: true, cell: (w) => formatCount(w.accounts), sortValue: (w) => w.accounts },
    { key: 'schedule', label: 'Refreshes', cell: (w) => (w.running ? <StatusBadge tone="info">Refreshing now</StatusBadge> : scheduleText(w)), sortValue: (w) => w.nextRunAt },
    { key: 'lastRunAt', label: 'Last refreshed', cell: (w) => (w.lastRunAt === null ? 'never' : `${formatAge(w.lastRunAt)}${w.lastRunBy ? ` by ${w.lastRunBy}` : ''}`), sortValue: (w) => w.lastRunAt },
    { key: 'renew', label: 'Renewals', cell: renewText, sortValue: (w) => w.renewCap },
  ];

  return (
    <section aria-labelledby="page-title" data-testid="page-tracking" className="tracking-page">
      <h1 id="page-title" tabIndex={-1}>
        Tracking
      </h1>
      <p className="muted page-intro">
        A watchlist refreshes its accounts on a schedule while Scout is open. A report stays free to refresh for a year after it was unlocked, so each refresh adds a
        snapshot to the account&apos;s history at no cost. A watchlist spends credits only if you allow it to renew, and never more a month than the limit you set.
      </p>
      <AlertsInbox />
      <h2>Watchlists</h2>
      <form className="tracking-create" onSubmit={(e) => void create(e)} noValidate aria-label="Create a watchlist">
        <FormField
          label="New watchlist"
          error={nameError}
          help="A name for a group of accounts to follow, e.g. “Spring campaign creators”."
          testId="watchlist-name-field"
          after={
            <>
              <select aria-label="Schedule of the new watchlist" value={schedule} onChange={(e) => setSchedule(e.target.value as WatchSchedule)}>
                {watchSchedules.map((s) => (
                  <option key={s} value={s}>
                    {scheduleLabels[s]}
                  </option>
                ))}
              </select>
              <button type="submit" className="primary" disabled={creating}>
                Create watchlist
              </button>
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={name}
              maxLength={120}
              onChange={(e) => {
                setName(e.target.value);
                if (nameError) setNameError(null);
              }}
            />
          )}
        </FormField>
      </form>

      {lists.error ? (
        <ErrorState title="The watchlists could not be read.">{lists.error}</ErrorState>
      ) : lists.data === undefined ? (
        <p className="muted">Reading the cache…</p>
      ) : lists.data.length === 0 ? (
        <EmptyState title="No watchlist yet." testId="watchlists-empty">
          Name one above, then add the accounts to follow.
        </EmptyState>
      ) : (
        <DataTable
          label="Watchlists"
          className="watchlists"
          columns={columns}
          rows={lists.data}
          rowKey={(w) => String(w.id)}
          onOpen={(w) => navigate('tracking', [String(w.id)])}
          rowProps={(w) => ({ 'data-testid': `watchlist-${w.id}`, 'aria-current': w.id === openId ? 'true' : undefined })}
        />
      )}
      {openId !== null && <WatchlistDetail key={openId} id={openId} onChanged={() => void lists.refresh()} />}
      <RenewalPlan />
    </section>
  );
}

const outcomeTone: Record<NonNullable<WatchlistMember['outcome']>, StatusTone> = { refreshed: 'ok', renewed: 'ok', 'needs-credit': 'warning', failed: 'error', cancelled: 'neutral' };

function WatchlistDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const navigate = useScout((s) => s.navigate);
  const query = useScoutQuery(() => scout.invoke('watchlists:get', { id }), [id], {
    keepPrevious: true,
    refreshOn: [{ event: 'watchlists:changed', when: (p) => p.watchlistId === id }, 'reports:changed', teamReceived('watchlist')],
  });
  const view = query.data ?? null;
  const [progress, setProgress] = useState<Omit<TrackingProgress, 'workspace'> | null>(null);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useProgress('watchlists:changed', (p) => p.watchlistId === id && setProgress(p));

  // One of the watchlist's actions; whichever way it went, the watchlist is read again.
  const acting = useScoutMutation((work: () => Promise<unknown>) => work(), { onError: (words) => setNote({ tone: 'error', text: words }) });
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setNote(null);
    const outcome = await acting.run(work);
    if (outcome.ok && done) setNote({ tone: 'ok', text: done });
    void query.refresh();
    onChanged();
  };

  if (query.error && !view) return <ErrorState title="This watchlist could not be read.">{query.error}</ErrorState>;
  if (query.data === undefined) return <p className="muted">Reading the watchlist…</p>;
  if (view === null) {
    return (
      <EmptyState title="There is no such watchlist in this workspace." testId="watchlist-missing">
        It may have been deleted. Choose one above.
      </EmptyState>
    );
  }

  const running = view.running || progress?.state === 'running';
  const columns: Column<WatchlistMember>[] = [
    {
      key: 'account',
      label: 'Account',
      cell: (m) => (
        <button type="button" className="link" onClick={() => navigate('accounts', [m.network, m.account])}>
          {m.title ? `${m.title} ` : ''}
          <span className="muted">{accountHandle(m.network, m.username ?? m.account)}</span>
        </button>
      ),
      sortValue: (m) => (m.title ?? m.username ?? m.account).toLowerCase(),
      firstOrder: 'asc',
    },
    { key: 'network', label: 'Network', cell: (m) => networkLabels[m.network as Network], sortValue: (m) => m.network, firstOrder: 'asc' },
    { key: 'followers', label: 'Followers', numeric: true, cell: (m) => formatCount(m.followers), sortValue: (m) => m.followers },
    { key: 'snapshots', label: 'Snapshots', numeric: true, cell: (m) => formatCount(m.snapshots), sortValue: (m) => m.snapshots },
    {
      key: 'freeUntil',
      label: 'Free until',
      cell: (m) => (m.freeUntil === null ? (m.snapshots === 0 ? 'not fetched yet' : 'unknown') : m.freeUntil <= Date.now() ? 'ended' : formatDate(m.freeUntil)),
      sortValue: (m) => m.freeUntil,
    },
    {
      key: 'checked',
      label: 'Latest refresh',
      cell: (m) =>
        m.outcome === null ? (
          <span className="muted">not yet</span>
        ) : (
          <span className="refresh-outcome">
            <StatusBadge tone={outcomeTone[m.outcome]}>{refreshOutcomeLabels[m.outcome]}</StatusBadge> {m.checkedAt !== null && <span className="muted">{formatAge(m.checkedAt)}</span>}
            {m.message && <span className="refresh-why">{m.message}</span>}
          </span>
        ),
      sortValue: (m) => m.checkedAt,
    },
    {
      key: 'remove',
      label: 'Remove',
      hideLabel: true,
      cell: (m) => (
        <button type="button" aria-label={`Remove ${accountHandle(m.network, m.username ?? m.account)} (${networkLabels[m.network as Network]}) from ${view.name}`} onClick={() => void act(() => scout.invoke('watchlists:removeAccount', { id, item: { network: m.network as Network, account: m.account } }))}>
          Remove
        </button>
      ),
    },
  ];

  return (
    <section className="watchlist" aria-labelledby="watchlist-title" data-testid="watchlist">
      <div className="page-head">
        <h2 id="watchlist-title" data-testid="watchlist-name">
          {view.name}
        </h2>
        <div className="watchlist-run">
          {/* Two elements, not one whose words change: a click meant for Refresh now never lands on Stop. */}
          {running ? (
            <button key="stop" type="button" onClick={() => void act(() => scout.invoke('watchlists:cancel', { id }))}>
              Stop refreshing
            </button>
          ) : (
            <button key="run" type="button" className="primary" disabled={view.accounts === 0} onClick={() => void act(() => scout.invoke('watchlists:run', { id }))}>
              Refresh now
            </button>
          )}
          <button type="button" onClick={() => void act(() => scout.invoke('watchlists:update', { id, paused: !view.paused, seen: { version: seenVersionOf(view), paused: view.paused } }), view.paused ? 'Resumed.' : 'Paused: the schedule does not refresh it until you resume it.')}>
            {view.paused ? 'Resume' : 'Pause'}
          </button>
        </div>
      </div>
      <p className="muted" data-testid="watchlist-schedule">
        {scheduleText(view)}. {view.lastRunAt === null ? 'Not refreshed yet.' : `Last refreshed ${formatDateTime(view.lastRunAt)}${view.lastRunBy ? ` by ${view.lastRunBy}` : ''}.`} Renewals: {renewText(view)}.
      </p>
      {progress && (
        <p role="status" aria-live="polite" data-testid="watchlist-progress" data-state={progress.state} className={progress.state === 'skipped' ? 'feedback error' : undefined}>
          {progressText(progress)}
        </p>
      )}
      {note && (
        <p role={note.tone === 'error' ? 'alert' : 'status'} className={`feedback ${note.tone}`} data-testid="watchlist-note">
          {note.text}
        </p>
      )}

      <WatchlistSettings id={id} view={view} onSaved={() => (void query.refresh(), onChanged())} />
      <AlertRulesForm id={id} />
      <AddToWatchlist id={id} name={view.name} onAdded={() => (void query.refresh(), onChanged())} />

      {view.members.length === 0 ? (
        <EmptyState title="No accounts on this watchlist yet." testId="watchlist-empty">
          Add accounts above: names, @handles or profile links.
        </EmptyState>
      ) : (
        <DataTable label={`Accounts on ${view.name}`} className="watchlist-members" columns={columns} rows={view.members} rowKey={(m) => `${m.network}:${m.accountKey}`} rowProps={(m) => ({ 'data-testid': `watched-${m.network}-${m.accountKey}`, 'data-outcome': m.outcome ?? undefined })} />
      )}

      <div className="actions">
        {confirmDelete ? (
          <div className="callout warning" role="group" aria-label="Delete this watchlist?">
            <p>Delete “{view.name}”? Its accounts&apos; reports and snapshots stay in the cache; only the watchlist goes.</p>
            <button type="button" className="danger" onClick={() => void act(async () => (await scout.invoke('watchlists:delete', { id }), navigate('tracking')))}>
              Delete watchlist
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirmDelete(true)}>
            Delete watchlist…
          </button>
        )}
      </div>
    </section>
  );
}

/** What the settings form edits of a watchlist, by the team's field names. */
const settingsOf = (w: WatchlistSummary) => ({ name: w.name, schedule: w.schedule, renewCap: w.renewCap });
const settingNames = { name: 'the name', schedule: 'the schedule', renewCap: 'the renewal limit' } as const;

function WatchlistSettings({ id, view, onSaved }: { id: number; view: WatchlistSummary; onSaved: () => void }) {
  const team = useShell((s) => s.workspace?.active === 'team');
  const [name, setName] = useState(view.name);
  const [schedule, setSchedule] = useState<WatchSchedule>(view.schedule);
  const [renews, setRenews] = useState(view.renewCap > 0);
  const [cap, setCap] = useState(String(view.renewCap > 0 ? view.renewCap : 5));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  // What the form showed when it opened (or last saved): sent as what the change was made on, and
  // compared with the watchlist now to say a teammate changed a setting meanwhile.
  const [seen, setSeen] = useState(() => ({ version: seenVersionOf(view), ...settingsOf(view) }));
  const changedMeanwhile = changedByTeammate(seen, settingsOf(view), view.team);
  const useTheirs = () => {
    if (changedMeanwhile.includes('name')) setName(view.name);
    if (changedMeanwhile.includes('schedule')) setSchedule(view.schedule);
    if (changedMeanwhile.includes('renewCap')) {
      setRenews(view.renewCap > 0);
      setCap(String(view.renewCap > 0 ? view.renewCap : 5));
    }
    setSeen({ version: seenVersionOf(view), ...settingsOf(view) });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const capValue = renews ? Number(cap) : 0;
    if (renews && (!/^\d+$/.test(cap.trim()) || capValue < 1 || capValue > MAX_RENEW_CAP)) {
      setErrors({ renewCap: `A whole number of credits from 1 to ${formatCount(MAX_RENEW_CAP)}.` });
      return;
    }
    try {
      const answer = await scout.invoke('watchlists:update', { id, name, schedule, renewCap: capValue, seen });
      setSeen({ version: seenVersionOf(answer), ...settingsOf(answer) });
      setErrors({});
      setSaved(capValue > 0 ? `Saved. This watchlist may spend up to ${plural(capValue, 'credit')} a month on renewals, each recorded in Spending.` : 'Saved. This watchlist never spends a credit.');
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
    }
  };

  return (
    <form className="watchlist-settings" onSubmit={(e) => void save(e)} noValidate aria-label="Watchlist settings">
      <FormField label="Name" error={errors.name ?? null}>
        {(control) => <input {...control} autoComplete="off" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField label="Refresh" help="Scout refreshes while it is open, and catches up a missed refresh when it starts.">
        {(control) => (
          <select {...control} value={schedule} onChange={(e) => setSchedule(e.target.value as WatchSchedule)}>
            {watchSchedules.map((s) => (
              <option key={s} value={s}>
                {scheduleLabels[s]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className="check">
        <input type="checkbox" checked={renews} onChange={(e) => setRenews(e.target.checked)} /> Renew accounts whose free year ended, or that were never fetched (spends credits)
      </label>
      {renews && (
        <FormField
          label="At most, credits a month"
          error={errors.renewCap ?? null}
          help={`Each renewal costs 1 credit and is recorded in Spending like any other purchase.${team ? ' Renewals of this watchlist by the whole team count.' : ''}`}
        >
          {(control) => <input {...control} className="narrow" inputMode="numeric" value={cap} onChange={(e) => setCap(e.target.value)} />}
        </FormField>
      )}
      {changedMeanwhile.length > 0 && (
        <ChangedMeanwhile
          who={view.team?.by[changedMeanwhile[0]!] ?? 'A teammate'}
          what={changedMeanwhile.map((f) => settingNames[f]).join(' and ')}
          theirs={`${view.name} · ${scheduleText(view)} · ${renewText(view)}`}
          onUseTheirs={useTheirs}
          testId="watchlist-changed-meanwhile"
        />
      )}
      <div className="actions">
        <button type="submit">Save settings</button>
      </div>
      {errors.form && (
        <p role="alert" className="feedback error">
          {errors.form}
        </p>
      )}
      {saved && (
        <p role="status" className="feedback ok" data-testid="watchlist-saved">
          {saved}
        </p>
      )}
    </form>
  );
}

function AddToWatchlist({ id, name, onAdded }: { id: number; name: string; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [network, setNetwork] = useState<Network | ''>('instagram');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    // The lines that read are added; each that does not stays in the box as typed, with what is wrong with it.
    const batch = splitAccountBatch(text, network || null);
    if (batch.accounts.length === 0 && batch.problems.length === 0) return setError('Enter one or more accounts: names, @handles or profile links, one per line.');
    // One line each (the field's message keeps its line ends).
    if (batch.accounts.length === 0) return setError(['Nothing added.', ...batch.problems].join('\n'));
    try {
      const accounts = batch.accounts.map((a) => ({ network: a.network, account: a.account }));
      const result = await scout.invoke('watchlists:addAccounts', { id, accounts });
      setText(batch.kept.join('\n'));
      setError(batch.problems.length === 0 ? null : [`${batch.kept.length === 1 ? 'This line was' : 'These lines were'} not added; fix ${batch.kept.length === 1 ? 'it' : 'them'} and add again.`, ...batch.problems].join('\n'));
      setAdded(result.added === accounts.length ? `${plural(result.added, 'account')} added to ${name}.` : `${plural(result.added, 'account')} added; ${formatCount(accounts.length - result.added)} ${accounts.length - result.added === 1 ? 'was' : 'were'} on it already.`);
      onAdded();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form className="watchlist-add" onSubmit={(e) => void add(e)} noValidate aria-label={`Add accounts to ${name}`}>
      <FormField
        label="Add accounts"
        error={error}
        help="One per line: a name, an @handle or a profile link. Adding spends nothing; the next refresh fetches what is free."
        testId="watchlist-add-field"
        after={
          <>
            <NetworkSelect value={network} onChange={setNetwork} ariaLabel="Network for bare names" />
            <button type="submit">Add</button>
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setAdded(null);
              if (error) setError(null);
            }}
          />
        )}
      </FormField>
      {added && (
        <p role="status" className="feedback ok" data-testid="watchlist-added">
          {added}
        </p>
      )}
    </form>
  );
}
