// The renewal plan: which cached reports' free year ends within 30, 60 or 90 days (and which ended
// lately), what renewing each costs, and one action for the chosen ones — handed to Add accounts,
// which quotes them and spends nothing until the researcher confirms there.
import { useState } from 'react';
import { fetchThroughAddFlow } from '../../data/runs';
import { renewalWindows, type RenewalItem, type RenewalWindow } from '@shared/tracking';
import type { Network } from '@shared/reports';
import { accountHandle, creditAmount } from '@shared/labels';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { DataTable, EmptyState, ErrorState, emptySelection, formatCount, formatDate, networkLabels, plural, type Column, type Selection } from '../../shared/ui';

const keyOf = (r: RenewalItem) => `${r.network}:${r.accountKey}`;

export function RenewalPlan() {
  const navigate = useScout((s) => s.navigate);
  const [days, setDays] = useState<RenewalWindow>(30);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [note, setNote] = useState<string | null>(null);
  const plan = useScoutQuery(() => scout.invoke('watchlists:renewalPlan', { days }), [days], { keepPrevious: true, refreshOn: ['reports:changed'] });
  const items = plan.data ?? null;
  const chosen = items?.filter((r) => selection.keys.has(keyOf(r))) ?? [];
  const ended = items?.filter((r) => r.ended) ?? [];

  const columns: Column<RenewalItem>[] = [
    {
      key: 'account',
      label: 'Account',
      cell: (r) => (
        <button type="button" className="link" onClick={() => navigate('accounts', [r.network, r.account])}>
          {r.title ? `${r.title} ` : ''}
          <span className="muted">{accountHandle(r.network, r.username)}</span>
        </button>
      ),
      sortValue: (r) => (r.title ?? r.username).toLowerCase(),
      firstOrder: 'asc',
    },
    { key: 'network', label: 'Network', cell: (r) => networkLabels[r.network as Network], sortValue: (r) => r.network, firstOrder: 'asc' },
    { key: 'freeUntil', label: 'Free year', cell: (r) => (r.ended ? `ended ${formatDate(r.freeUntil)}` : `ends ${formatDate(r.freeUntil)}`), sortValue: (r) => r.freeUntil, firstOrder: 'asc' },
    {
      key: 'cost',
      label: 'Renewing',
      cell: (r) => (r.ended ? `${creditAmount(1, r.balance)} now` : `free until then; ${creditAmount(1, r.balance)} after`),
      sortValue: (r) => (r.ended ? 1 : 0),
    },
    { key: 'watchlists', label: 'On watchlists', cell: (r) => (r.watchlists.length ? r.watchlists.join(', ') : <span className="muted">none</span>), sortValue: (r) => r.watchlists.join(', ') },
  ];

  const renew = () => {
    const why = fetchThroughAddFlow(chosen.map((r) => ({ network: r.network as Network, account: r.account })));
    if (why) setNote(why);
  };

  return (
    <section className="renewal-plan" aria-labelledby="renewal-title" data-testid="renewal-plan">
      <div className="page-head">
        <h2 id="renewal-title">Renewal plan</h2>
        <label>
          Free year ending within{' '}
          <select value={days} onChange={(e) => (setDays(Number(e.target.value) as RenewalWindow), setSelection(emptySelection))}>
            {renewalWindows.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">
        A report is free to refresh for a year after its unlock. It cannot be renewed before that year ends (until then a refresh is free and does not extend it); after,
        renewing costs 1 credit and gives another free year. Reports whose year ended in the last 30 days are listed too.
      </p>
      {plan.error ? (
        <ErrorState title="The renewal plan could not be read.">{plan.error}</ErrorState>
      ) : items === null ? (
        <p className="muted">Reading the cache…</p>
      ) : items.length === 0 ? (
        <EmptyState title={`No free year ends within ${days} days.`} testId="renewal-empty">
          Nothing to renew soon.
        </EmptyState>
      ) : (
        <>
          <p role="status" data-testid="renewal-summary">
            {plural(items.length, 'report')}: {ended.length > 0 ? `${plural(ended.length, 'has', 'have')} ended (renewing ${ended.length === 1 ? 'it' : 'them'} costs ${plural(ended.length, 'credit')})` : 'none has ended yet'}
            {chosen.length > 0 ? `; ${formatChosen(chosen)}.` : '.'}
          </p>
          <DataTable
            label="Reports whose free year ends soon"
            className="renewal-table"
            columns={columns}
            rows={items}
            rowKey={keyOf}
            selection={selection}
            onSelectionChange={setSelection}
            rowLabel={(r) => `${r.title ?? r.username} (${networkLabels[r.network as Network]})`}
            rowProps={(r) => ({ 'data-testid': `renewal-${r.network}-${r.accountKey}`, 'data-ended': r.ended ? 'true' : 'false' })}
          />
          <div className="actions">
            <button type="button" className="primary" disabled={chosen.length === 0} onClick={renew}>
              {chosen.length ? `Renew ${plural(chosen.length, 'account')}…` : 'Renew…'}
            </button>
            <span className="muted">Opens Add accounts with them: each is quoted there, and nothing is spent until you confirm.</span>
          </div>
          {note && (
            <p role="alert" className="feedback error">
              {note}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function formatChosen(chosen: readonly RenewalItem[]): string {
  const ended = chosen.filter((r) => r.ended).length;
  if (ended === chosen.length) return `${formatCount(chosen.length)} chosen`;
  if (ended === 0) return `${formatCount(chosen.length)} chosen, not ended yet (fetching ${chosen.length === 1 ? 'it' : 'them'} now is a free refresh)`;
  return `${formatCount(chosen.length)} chosen, ${formatCount(ended)} of them ended`;
}
