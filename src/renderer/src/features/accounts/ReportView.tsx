import { useEffect, useRef, useState } from 'react';
import { shell, useShell } from '../../data/useShell';
import type { CachedReport, CostQuote, FetchAttemptView, Network, ReportProgress, SpendingRow, TiktokReportType } from '@shared/reports';
import type { WorkspaceId } from '@shared/workspaces';
import { accountText, type AccountRef } from '@shared/accountInput';
import { useScout } from '../../store';
import { errorMessage, scout, ScoutCallError } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { formatAge, formatDate, formatDateTime, networkLabels } from '@shared/format';
import { Avatar } from '../../shared/Avatar';
import { costText, creditAmount, limitText, spendLabel, stateNotes } from '@shared/labels';
import { pastMonthlyLimit } from '@shared/monthlyLimit';
import { ModelSections } from './ModelSections';
import { handleOf } from '@shared/reportModel/reportModel';
import { SnapshotChanges } from './SnapshotChanges';
import { companionTabs, type CompanionTab } from './tabs/companion';
import { HistoryTab } from './tabs/HistoryTab';
import { MediaTab } from './tabs/MediaTab';
import { MentionsTab } from './tabs/MentionsTab';
import { FetchPanel, useAccountFetch } from './FetchProgress';
import { Choices } from '../../shared/Choices';
import { asksBuyAnyway, ConfirmSpend, isTeamUnreachable, openOutside, teamConfirmed, TeamQuoteAsk, TeamQuoteLine, teamQuotePanel, TeamUnreachableConfirm } from '../../shared/ui';
import { AddToComparison } from '../compare';
import { ExportPdf } from '../archive';
import { ClientReport } from './ClientReport';
import { AccountNotes } from './AccountNotes';
import { TrackAccount } from '../tracking';
import { similarIdOf } from '@shared/similar';
import { teamReceived } from '../../data/scoutQuery';

const tabLabels: Record<'overview' | CompanionTab | 'raw', string> = {
  overview: 'Overview',
  media: 'Media',
  history: 'History',
  mentions: 'Brand mentions',
  raw: 'Raw JSON',
};

function profileUrl(network: Network, username: string, accountId: string | null): string {
  const u = encodeURIComponent(username);
  switch (network) {
    case 'instagram':
      return `https://www.instagram.com/${u}/`;
    case 'youtube':
      return accountId ? `https://www.youtube.com/channel/${encodeURIComponent(accountId)}` : `https://www.youtube.com/@${u}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${u}`;
    case 'twitch':
      return `https://www.twitch.tv/${u}`;
    case 'twitter':
      return `https://x.com/${u}`;
    case 'snapchat':
      return `https://www.snapchat.com/add/${u}`;
  }
}

/** Main checks the link against its allow-list; in browser mode the page opens the tab. */
async function openOnNetwork(network: Network, username: string, accountId: string | null) {
  await openOutside(profileUrl(network, username, accountId));
}

/**
 * One cached report, from the cache only; a refresh says what it costs before it asks. Keyed by
 * workspace and account, so nothing of one page (a confirmation, a fetch panel, an answer still
 * on its way) can act on another.
 */
export function ReportView({ account }: { account: AccountRef }) {
  const workspace = useShell((s) => s.workspace?.active);
  return <ReportPage key={`${workspace}/${account.network}/${account.key}`} accountRef={account} workspace={workspace} />;
}

/** What a fetch that ended spent, in words: '1 report credit', or null for nothing. */
function spentWords(spent: ReportProgress['spent']): string | null {
  const parts = Object.entries(spent ?? {}).filter(([, n]) => n > 0).map(([kind, n]) => creditAmount(n, kind));
  return parts.length ? parts.join(' and ') : null;
}

const attemptHeadline: Record<FetchAttemptView['outcome'], string> = {
  failed: 'The last fetch failed',
  cancelled: 'The last fetch was cancelled',
  'paid-not-fetched': 'Paid for, not fetched',
};

function ReportPage({ accountRef, workspace }: { accountRef: AccountRef; workspace: WorkspaceId | undefined }) {
  const { network } = accountRef;
  // What main is asked with: it reads back to this same account.
  const account = accountText(accountRef);
  const navigate = useScout((s) => s.navigate);
  const findSimilar = useScout((s) => s.findSimilar);
  // The cached report, from the cache only; read again when a fetch of this account ends.
  const opened = useScoutQuery(() => scout.invoke('reports:open', { network, account }), [network, account], { keepPrevious: true, refreshOn: [teamReceived('report')] });
  const report: CachedReport | null | undefined = opened.data;
  // What went wrong with something the researcher did here (a quote, a fetch), or with reading the report.
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? opened.error;
  const [notice, setNotice] = useState<string | null>(null);
  const [quote, setQuote] = useState<CostQuote | null>(null);
  /** Team: the team database could not be asked about this fetch; its words, and the quote to buy at anyway. */
  const [teamAsk, setTeamAsk] = useState<{ quote: CostQuote; message: string } | null>(null);
  const [tab, setTab] = useState<'overview' | CompanionTab | 'raw'>('overview');
  const [wantedTiktokType, setWantedTiktokType] = useState<TiktokReportType>('advanced_report');
  // How the latest fetch ended when it saved nothing: said on the page, with a retry quoted like any fetch.
  const attemptRead = useScoutQuery(() => scout.invoke('reports:attempt', { network, account }), [network, account], { keepPrevious: true });
  const attempt: FetchAttemptView | null = attemptRead.data ?? null;
  // After the report is on screen: what was spent on it, and what the next refresh of this very
  // report (TikTok: of its type) would cost.
  const fetchedAt = report?.fetchedAt;
  const reportType = report?.tiktokType;
  const costs = useScoutQuery(
    () =>
      Promise.all([
        scout.invoke('ledger:spending', { network, account }),
        scout.invoke('reports:quote', { network, account, ...(reportType ? { tiktokType: reportType } : {}) }),
      ]),
    [network, account, reportType],
    { enabled: fetchedAt !== undefined, keepPrevious: true, refreshWhenChanged: [fetchedAt] },
  );
  const spent: SpendingRow[] | null = costs.data?.[0] ?? null;
  const nextCost: CostQuote | null = costs.data?.[1] ?? null;

  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = report !== undefined || error !== null;

  // A fetch of this account (from here or from Add accounts) shows its progress here; when it
  // ends the page reads the cache again and says what happened, and what it cost.
  const progress = useAccountFetch(accountRef, workspace, (end) => {
    const paid = spentWords(end.spent);
    if (end.error?.code === 'CANCELLED') {
      setNotice(
        end.spendUnresolved
          ? 'Cancelled while the request was with the API: whether it was charged is not known yet. Scout checks the balance before it spends anything else.'
          : paid
            ? `Cancelled after the request had reached the API: ${paid} spent. The report is most likely unlocked, so fetching it again should cost nothing; Scout still asks first.`
            : 'Cancelled. Nothing was spent.',
      );
    } else if (end.error) setError(end.error.message);
    // A fetch that ended without a new snapshot (a cancel) may still have spent.
    void opened.refresh();
    void attemptRead.refresh();
    void costs.refresh();
    void shell.refreshPlan();
  });

  // Keyboard and screen-reader users land on the report's title once it is there.
  useEffect(() => {
    if (loaded && !heading.current?.closest('section')?.contains(document.activeElement)) heading.current?.focus();
  }, [loaded]);

  const fetchType = (upgrade = false): TiktokReportType | undefined =>
    network !== 'tiktok' ? undefined : upgrade ? 'advanced_report' : ((report?.tiktokType as TiktokReportType | null) ?? wantedTiktokType);

  const askFetch = async (upgrade = false) => {
    setError(null);
    setNotice(null);
    const tiktokType = fetchType(upgrade);
    try {
      setQuote(await scout.invoke('reports:quote', { network, account, ...(tiktokType ? { tiktokType } : {}) }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  /**
   * Sends the fetch confirmed at `confirmed`. `teamUnreachableConfirmed`: the researcher said
   * "Buy anyway" to a team database that cannot be asked whether a teammate has it.
   */
  const fetching = useScoutMutation(
    ({ confirmed, teamUnreachableConfirmed }: { confirmed: CostQuote; teamUnreachableConfirmed: boolean }) => {
      const tiktokType = network === 'tiktok' ? (confirmed.balance === 'miniReports' ? 'report' : 'advanced_report') : undefined;
      return scout.invoke('reports:fetch', {
        network,
        account,
        ...(tiktokType ? { tiktokType } : {}),
        confirmedCost: confirmed.cost,
        ...(workspace ? { workspace } : {}),
        ...teamConfirmed(teamUnreachableConfirmed),
      });
    },
    {
      onSuccess: (fetched) => opened.setData(() => fetched),
      onError: (words, e, { confirmed, teamUnreachableConfirmed }) => {
        // The team could not be asked: said as the question it is, with "Buy anyway" to answer it.
        if (isTeamUnreachable(e) && !teamUnreachableConfirmed) setTeamAsk({ quote: confirmed, message: e.message });
        // A cancel is told by the finished event, with what it cost.
        else if (!(e instanceof ScoutCallError && e.code === 'CANCELLED')) setError(words);
      },
    },
  );
  const busy = fetching.busy;
  const fetchNow = async (confirmed: CostQuote | null = quote, teamUnreachableConfirmed = false) => {
    if (!confirmed) return;
    setQuote(null);
    setTeamAsk(null);
    await fetching.run({ confirmed, teamUnreachableConfirmed });
    void shell.refreshPlan();
  };

  // This account's spending rows (by day and operation), summed per balance.
  const perBalance: NonNullable<ReportProgress['spent']> = {};
  for (const row of spent ?? []) perBalance[row.balance] = (perBalance[row.balance] ?? 0) + row.spent;
  const spentTotal = spentWords(perBalance);
  // Balances that moved during these calls beyond what they can cost: spent elsewhere, not booked here.
  const outside = (spent ?? []).reduce((n, row) => n + (row.outside ?? 0), 0);

  // Team: what the team database said of the quote (cannot be reached: "Buy anyway"; not connected: no spend).
  const team = teamQuotePanel(quote ?? {}, quote ? spendLabel(quote, report ? 'refresh' : 'fetch') : '');
  const costControl = progress ? (
    <FetchPanel network={network} account={account} workspace={workspace} progress={progress} />
  ) : teamAsk ? (
    <TeamUnreachableConfirm message={teamAsk.message} onConfirm={() => void fetchNow(teamAsk.quote, true)} onBack={() => setTeamAsk(null)} busy={busy} />
  ) : !quote ? (
    <div className="fetch-actions">
      <button type="button" onClick={() => void askFetch()} disabled={busy}>
        {report ? 'Refresh…' : attempt ? 'Try again…' : 'Fetch this report…'}
      </button>
      {report?.tiktokType === 'report' && (
        <button type="button" onClick={() => void askFetch(true)} disabled={busy}>
          Get the advanced report…
        </button>
      )}
      {report && nextCost && (
        <p className="muted" data-testid="refresh-cost">
          {nextCost.cost === 0 && nextCost.freeUntil
            ? `Refresh is free until ${formatDate(nextCost.freeUntil)}`
            : `Refresh: ${costText(nextCost)}`}
        </p>
      )}
    </div>
  ) : (
    // Focus starts on Cancel: two presses of Enter must never spend.
    <ConfirmSpend
      className={team.warning ? 'callout warning' : 'callout info'}
      label={report ? 'Confirm refresh' : 'Confirm fetch'}
      confirmLabel={quote.cost ? team.confirmLabel : report ? 'Refresh for free' : 'Fetch for free'}
      // Team: the quote said the team database cannot be reached and asked; spending here is "Buy anyway".
      onConfirm={() => void fetchNow(quote, asksBuyAnyway(quote))}
      backLabel={team.backLabel}
      onBack={() => setQuote(null)}
      busy={busy}
      focusBack
      // Team: past the researcher's monthly limit, or not connected: refused here (the send would refuse it too).
      confirmDisabled={(quote.limit ? pastMonthlyLimit(quote.limit, quote.cost) : false) || team.refused}
    >
      <p>
        {report ? (quote.reason === 'upgrade' ? 'Advanced report' : 'Refresh') : 'Fetch'}: {costText(quote)}
        <TeamQuoteLine note={quote} />.
      </p>
      <TeamQuoteAsk note={quote} />
      {quote.limit && pastMonthlyLimit(quote.limit, quote.cost) && (
        <p className="feedback error" role="alert" data-testid="past-limit">
          {limitText(quote.limit, quote.cost)}. Ask your admin to raise it.
        </p>
      )}
    </ConfirmSpend>
  );

  if (report === undefined && !error) return <p className="muted">Opening…</p>;
  const back = (
    <button type="button" className="link" onClick={() => navigate('accounts')}>
      ← All accounts
    </button>
  );
  if (!report) {
    return (
      <section aria-labelledby="page-title" data-testid="report-missing">
        {back}
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {account}
        </h1>
        <p className="muted">{networkLabels[network]}</p>
        {error ? (
          <p className="feedback error" role="alert">
            {error}
          </p>
        ) : attempt && !progress ? (
          <div className="callout info" role="status" data-testid="report-attempt" data-outcome={attempt.outcome}>
            <p>
              <strong>{attemptHeadline[attempt.outcome]}</strong> {formatAge(attempt.at)}: {attempt.error?.message ?? ''}
            </p>
            <p>
              {attempt.outcome === 'paid-not-fetched'
                ? `Spent ${spentWords(attempt.spent) ?? 'a credit'} on it. The report is most likely unlocked, so fetching it again should cost nothing; Scout asks first.`
                : `Nothing was spent on it${spentWords(attempt.spent) ? ` but ${spentWords(attempt.spent)}` : ''}. No report is cached yet; fetch it again below.`}
            </p>
          </div>
        ) : (
          !progress && <p>Scout has no cached {networkLabels[network]} report for {account} yet.</p>
        )}
        {notice && (
          <p className="callout info" role="status" data-testid="report-notice">
            {notice}
          </p>
        )}
        {network === 'tiktok' && !progress && !quote && (
          <label>
            TikTok report{' '}
            <select value={wantedTiktokType} onChange={(e) => setWantedTiktokType(e.target.value as TiktokReportType)}>
              <option value="advanced_report">advanced (audience included)</option>
              <option value="report">mini</option>
            </select>
          </label>
        )}
        <div className="report-actions">{costControl}</div>
      </section>
    );
  }
  const s = report.summary;
  // Discovery's `similar` filter takes a username, a channel id or an account id by network.
  const similar = similarIdOf(network, s);
  return (
    <section aria-labelledby="page-title" data-testid="report-view" data-report={`${network}/${accountRef.key}`}>
      {back}
      <header className="report-head">
        <Avatar url={s.avatarUrl} label={s.username} size={64} />
        <div>
          <h1 id="page-title" tabIndex={-1} ref={heading}>
            {s.title ?? s.username} {s.verified && <span title="Verified account" aria-label="verified">✔</span>}
          </h1>
          <p className="muted">
            {handleOf(network, s.username, s.accountId)} · {networkLabels[network]}
            {report.tiktokType && ` · ${report.tiktokType === 'report' ? 'mini report' : 'advanced report'}`}
          </p>
          <p data-testid="report-state">{stateNotes[report.state] ?? report.state}{report.quality ? ` · quality ${report.quality}` : ''}</p>
          <p className="muted">
            Fetched {formatAge(report.fetchedAt)} ({formatDateTime(report.fetchedAt)})
            {report.validUntil && ` · access until ${formatDate(report.validUntil)}`}
            {report.snapshotCount > 1 && ` · ${report.snapshotCount} snapshots`}
            {spent !== null && ` · ${spentTotal ?? 'nothing'} spent on it`}
            {outside > 0 && (
              <span className="feedback warning" data-testid="spent-outside">
                {' '}
                · balance moved outside Scout during these calls ({outside} not booked here)
              </span>
            )}
          </p>
          <p>
            <button type="button" className="link" onClick={() => void openOnNetwork(network, s.username, s.accountId)}>
              Open on {networkLabels[network]} ↗
            </button>
          </p>
        </div>
        <div className="report-actions">
          <AddToComparison network={network} accountKey={accountRef.key} summary={s} />
          <ExportPdf network={network} account={account} accountKey={accountRef.key} />
          <ClientReport report={report} accountRef={accountRef} account={account} />
          <TrackAccount network={network} account={account} />
          {similar && (
            <button type="button" data-testid="find-similar" onClick={() => findSimilar(similar.network, similar.id, handleOf(network, s.username, s.accountId))}>
              Find similar
            </button>
          )}
          {costControl}
        </div>
      </header>
      {error && <p className="feedback error" role="alert">{error}</p>}
      {notice && (
        <p className="callout info" role="status" data-testid="report-notice">
          {notice}
        </p>
      )}
      <AccountNotes network={network} account={account} />

      <Choices
        kind="tabs"
        label="Report sections"
        className="tabs"
        idPrefix="report"
        options={(['overview', ...companionTabs(network), 'raw'] as const).map((t) => ({ value: t, label: tabLabels[t] }))}
        value={tab}
        onChange={setTab}
      />
      <div role="tabpanel" id={`report-panel-${tab}`} aria-labelledby={`report-tab-${tab}`}>
        {tab === 'media' && (network === 'instagram' || network === 'youtube') && <MediaTab network={network} account={account} />}
        {tab === 'history' && (network === 'instagram' || network === 'twitter') && <HistoryTab network={network} account={account} />}
        {tab === 'mentions' && (network === 'tiktok' || network === 'youtube') && <MentionsTab network={network} account={account} />}
        {tab === 'overview' && (
          <>
            {report.snapshotCount > 1 && <SnapshotChanges report={report} />}
            <ModelSections report={report} />
          </>
        )}
        {tab === 'raw' && Array.isArray(report.result._scoutUnparsed) && report.result._scoutUnparsed.length > 0 && (
          <p className="callout warning" data-testid="raw-kept-note">
            Scout could not read {report.result._scoutUnparsed.length === 1 ? 'one part' : `${report.result._scoutUnparsed.length} parts`} of this answer (listed
            under <code>_scoutUnparsed</code>); each is kept below as the API sent it.
          </p>
        )}
        {tab === 'raw' && (
          <pre className="raw-json" tabIndex={0} aria-label="The API's answer as cached">
            {JSON.stringify(report.result, null, 2)}
          </pre>
        )}
      </div>
    </section>
  );
}

