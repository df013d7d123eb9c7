// Running a query: sandbox (free sample data, filters not applied) or production (one discovery
// call per page not cached yet), a page range, and the cost said before anything is spent:
// "Pages 1–5: 3 already cached, 2 to fetch, spend 2 discovery calls; 37 left". Then the run,
// page by page, with Cancel; what it did and spent when it ends.
import { useId } from 'react';
import { cancelDiscovery, quoteDiscovery, runDiscovery } from '../../data/runs';
import { useShell } from '../../data/useShell';
import { DISCOVERY_MAX_PAGE } from '@shared/discovery';
import { ConfirmSpend, formatCount, plural, TeamQuoteAsk, teamQuotePanel, TeamUnreachableConfirm } from '../../shared/ui';
import { useScout } from '../../store';
import { spendBlocker } from '../accounts';
import { calls, quoteText, runLine } from './runWords';

export function RunPanel({ valid }: { valid: boolean }) {
  const draft = useScout((s) => s.discoveryDraft);
  const setDraft = useScout((s) => s.setDiscoveryDraft);
  const errors = useScout((s) => s.discoveryErrors);
  const quote = useScout((s) => s.discoveryQuote);
  const quoting = useScout((s) => s.discoveryQuoting);
  const run = useScout((s) => s.discoveryRun);
  const quoteRun = quoteDiscovery;
  const clearQuote = useScout((s) => s.clearDiscoveryQuote);
  const start = runDiscovery;
  const cancel = cancelDiscovery;
  const dismiss = useScout((s) => s.dismissDiscoveryRun);
  const left = useShell((s) => s.plan?.plan?.discovery.requests ?? null);
  const sandbox = useScout((s) => s.discoveryDraft.sandbox);
  const shellState = useShell((s) => s);
  // Only pages still to fetch need the API: a range all in the cache shows offline too.
  const blocker = (() => {
    if (quote && quote.pagesToFetch.length === 0) return null;
    const offline = shellState.connection?.manualOffline || shellState.connection?.mode === 'offline';
    if (sandbox) return offline ? 'Scout is working offline, so nothing can be fetched. Cached pages still show below; choose “Go online” in the top bar to fetch more.' : null;
    return spendBlocker(shellState);
  })();
  const ids = { from: useId(), to: useId(), page: useId(), mode: useId() };
  const pageError = errors.find((e) => e.field === 'page')?.message ?? null;
  const running = run?.running ?? false;
  const short = quote && !quote.sandbox && quote.queriesLeft !== null && quote.calls > quote.queriesLeft;
  const progress = run?.progress;

  const confirmLabel = !quote
    ? ''
    : quote.pagesToFetch.length === 0
      ? `Show ${plural(quote.cachedPages.length, 'cached page')} (free)`
      : quote.sandbox
        ? `Fetch ${plural(quote.pagesToFetch.length, 'sandbox page')} (free)`
        : `Fetch ${plural(quote.pagesToFetch.length, 'page')} and spend ${calls(quote.calls)}`;
  // Team: what the team database says of the pages to buy, said and asked in the quote.
  const team = teamQuotePanel(quote ?? {}, confirmLabel, 'Change');

  return (
    <section className="card discovery-run" aria-labelledby="run-title" data-testid="run-panel">
      <h2 id="run-title">Run</h2>
      <fieldset className="discovery-mode" disabled={running}>
        <legend id={ids.mode}>Data</legend>
        <label>
          <input type="radio" name="discovery-mode" checked={draft.sandbox} onChange={() => setDraft({ sandbox: true })} data-testid="mode-sandbox" />
          Sandbox: free sample data, filters not applied
        </label>
        <label>
          <input type="radio" name="discovery-mode" checked={!draft.sandbox} onChange={() => setDraft({ sandbox: false })} data-testid="mode-production" />
          Production: your filters, one discovery call per page not cached yet
          <span className="muted"> ({left === null ? 'calls left not known' : `${formatCount(left)} left`})</span>
        </label>
      </fieldset>
      <div className="discovery-pages" role="group" aria-labelledby={ids.page} data-invalid={pageError ? 'true' : undefined}>
        <span id={ids.page} className="discovery-pages-label">
          Result pages <span className="muted">(20 accounts each, up to page {DISCOVERY_MAX_PAGE})</span>
        </span>
        <label htmlFor={ids.from}>From page</label>
        <input
          id={ids.from}
          inputMode="numeric"
          value={draft.fromPage}
          onChange={(e) => setDraft({ fromPage: e.target.value })}
          aria-invalid={pageError ? true : undefined}
          aria-describedby={pageError ? `${ids.page}-error` : undefined}
          disabled={running}
          size={4}
          data-testid="page-from"
        />
        <label htmlFor={ids.to}>to page</label>
        <input
          id={ids.to}
          inputMode="numeric"
          value={draft.toPage}
          onChange={(e) => setDraft({ toPage: e.target.value })}
          aria-invalid={pageError ? true : undefined}
          aria-describedby={pageError ? `${ids.page}-error` : undefined}
          disabled={running}
          size={4}
          data-testid="page-to"
        />
        {!quote && !running && (
          <button type="button" className="primary" onClick={() => void quoteRun()} disabled={quoting || !valid} data-testid="check-cost">
            {quoting ? 'Checking…' : 'Check cost…'}
          </button>
        )}
        {pageError && (
          <p id={`${ids.page}-error`} className="field-error" role="alert" data-testid="page-error">
            {pageError}
          </p>
        )}
      </div>
      {!valid && !quote && !running && <p className="muted">Fix the fields marked above to check what a run costs.</p>}
      {quote && !running && (
        <ConfirmSpend
          label="Confirm the discovery run"
          testId="discovery-confirm"
          className={team.warning ? 'callout warning' : undefined}
          confirmLabel={team.confirmLabel}
          confirmDisabled={Boolean(short) || blocker !== null || team.refused}
          onConfirm={() => void start()}
          backLabel={team.backLabel}
          onBack={clearQuote}
          focusBack
        >
          <p data-testid="discovery-quote">{quoteText(quote)}</p>
          <TeamQuoteAsk note={quote} count={quote.calls} thing="page" />
          {quote.totalPages !== null && quote.toPage > quote.totalPages && (
            <p className="muted">
              This search has {plural(quote.totalPages, 'page')}: pages after {quote.totalPages} are empty and are not asked for.
            </p>
          )}
          {short && (
            <p className="field-error" role="alert">
              Only {calls(quote.queriesLeft!)} left; this needs {quote.calls}. Choose fewer pages, or use pages already cached.
            </p>
          )}
          {blocker && (
            <p className="callout warning" role="status" data-testid="run-blocked">
              {blocker}
            </p>
          )}
        </ConfirmSpend>
      )}
      {run?.teamAsk && !running && <TeamUnreachableConfirm message={run.teamAsk} onConfirm={() => void start(true)} onBack={dismiss} />}
      {run && !run.teamAsk && (
        <div className="discovery-progress" data-testid="discovery-progress" data-state={running ? 'running' : (run.result?.outcome ?? 'failed')}>
          {running ? (
            <>
              <p role="status">
                {progress && progress.total > 0 ? `Page ${Math.min(progress.done + 1, progress.total)} of ${progress.total}` : 'Starting…'}
                {run.cancelling ? ' — cancelling after this page…' : ''}
              </p>
              <progress max={Math.max(1, progress?.total ?? 1)} value={progress?.done ?? 0} />
              <button type="button" onClick={() => void cancel()} disabled={run.cancelling} data-testid="cancel-run">
                Cancel
              </button>
            </>
          ) : (
            <>
              <p role="status" className={run.error ? 'field-error' : undefined} data-testid="run-outcome">
                {runLine(run)}
              </p>
              <div className="actions">
                {run.error && (
                  <button type="button" onClick={() => (dismiss(), void quoteRun())}>
                    Check the cost again
                  </button>
                )}
                <button type="button" onClick={dismiss}>
                  Done
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
