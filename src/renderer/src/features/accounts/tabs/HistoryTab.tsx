// The History tab: the metrics history. Asking for it unlocks the report, so when it would cost a
// credit the tab says so and waits for a confirmation.
import { useMemo } from 'react';
import { shell } from '../../../data/useShell';
import type { CostQuote } from '@shared/reports';
import type { RequestOf } from '@shared/contract';
import { scout } from '../../../data/scoutClient';
import { useScoutQuery } from '../../../data/useScoutQuery';
import { asksBuyAnyway, TeamQuoteAsk, TeamQuoteLine, teamQuotePanel } from '../../../shared/ui';
import { Chart } from '../../../shared/Chart';
import { seriesOption } from '../model/chartOptions';
import { historySeries } from '@shared/reportModel/series';
import { formatExact } from '@shared/reportModel/reportModel';
import { costText, spendLabel } from '@shared/labels';
import { useDocument } from './useDocument';
import { DocumentStatus } from './DocumentStatus';

export function HistoryTab({ network, account }: { network: 'instagram' | 'twitter'; account: string }) {
  const state = useDocument('history:get', { network, account, confirmedCost: 0 });
  const { doc, error, code, busy } = state;
  // What asking again costs (history unlocks the report), quoted again after every answer: a
  // quote older than the answer on screen is not offered (main has just said the cost changed).
  const { key, seq } = state;
  const quoted = useScoutQuery(async (): Promise<{ key: string; seq: number; quote: CostQuote }> => ({ key, seq, quote: await scout.invoke('reports:quote', { network, account }) }), [key, seq, network, account], {
    keepPrevious: true,
  }).data;
  const lastQuote = quoted?.key === key ? quoted.quote : null;
  const quote = quoted?.key === key && quoted.seq === seq ? quoted.quote : null;
  const series = useMemo(() => historySeries(network, doc?.view ?? null), [doc, network]);
  const options = useMemo(() => series.map(seriesOption), [series]);
  const verb = state.asked.refresh ? 'refresh' : 'fetch';
  // The spend names the workspace it was confirmed in: main refuses it if another one is active by then.
  const confirm = (cost: 0 | 1) => {
    const more: Partial<RequestOf<'history:get'>> = { ...(state.asked as Partial<RequestOf<'history:get'>>), confirmedCost: cost };
    // Team: the quote said the team database cannot be reached and asked; spending here is "Buy anyway".
    if (cost > 0 && asksBuyAnyway(quote)) more.teamUnreachableConfirmed = true;
    if (state.workspace) more.workspace = state.workspace;
    void state.ask(more).then(() => shell.refreshPlan());
  };
  return (
    <div data-testid="history-tab">
      {code === 'COST_CHANGED' && (
        <div className="callout warning" role="alert" data-testid="history-confirmation">
          <p>{error}</p>
          {quote && quote.cost > 0 && (quote.teamUnreachable || quote.teamNotConnected) && (
            <>
              <p>
                History: {costText(quote)}
                <TeamQuoteLine note={quote} />.
              </p>
              <TeamQuoteAsk note={quote} thing="account’s history" />
            </>
          )}
          {quote && (
            <div className="actions">
              <button type="button" className="primary" disabled={busy || (quote.cost > 0 && teamQuotePanel(quote, '').refused)} onClick={() => confirm(quote.cost)}>
                {quote.cost ? teamQuotePanel(quote, spendLabel(quote, `${verb} the history`)).confirmLabel : `${verb === 'refresh' ? 'Refresh' : 'Fetch'} the history for free`}
              </button>
              <span className="muted" aria-live="polite">
                {busy ? 'Fetching…' : ''}
              </span>
            </div>
          )}
        </div>
      )}
      <DocumentStatus
        state={state}
        what="history"
        hint="Asks the API for the metrics history again. This unlocks the report: free while it is unlocked, otherwise Scout asks before spending a credit."
        showError={code !== 'COST_CHANGED'}
        note={lastQuote && <span className="muted">Refresh: {costText(lastQuote)}{lastQuote.cost ? ' (asks first)' : ''}.</span>}
      />
      <div className="charts">
        {series.map((s, i) => (
          <section key={s.key} className="card" aria-label={`${s.label} history`}>
            <h2>{s.label}</h2>
            <Chart option={options[i]!} label={`${s.label}: ${s.points.length} points over time`} />
            <details>
              <summary>Latest values of {s.label}</summary>
              <table className="table compact">
                <tbody>
                  {s.points.slice(-12).map((p) => (
                    <tr key={p.time}>
                      <td>{new Date(p.time).toISOString().slice(0, 10)}</td>
                      {/* The values table holds the exact figures (the chart rounds). */}
                      <td className="num">{formatExact(p.value, s.unit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
        ))}
      </div>
    </div>
  );
}
