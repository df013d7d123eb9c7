// The alerts inbox: what watchlists' rules found, newest first, each with its evidence (the
// figure before and after, and when), read or muted here; the report page draws the trend.
import { useState } from 'react';
import { alertKindLabels, type AlertView } from '@shared/alerts';
import type { Network } from '@shared/reports';
import { accountHandle } from '@shared/labels';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { EmptyState, ErrorState, formatChange, formatCount, formatDate, formatDateTime, formatMetric, networkLabels, plural } from '../../shared/ui';

/** The evidence in words: "12,400 → 10,800 followers (−12.9 %), Oct 5 to Oct 6". */
export function alertEvidence(a: AlertView): string {
  // Snapshots of one day are told apart by their time.
  const sameDay = a.beforeAt !== null && a.afterAt !== null && formatDate(a.beforeAt) === formatDate(a.afterAt);
  const at = sameDay ? formatDateTime : formatDate;
  const when = a.beforeAt !== null && a.afterAt !== null ? `, ${at(a.beforeAt)} to ${at(a.afterAt)}` : a.afterAt !== null ? `, ${formatDate(a.afterAt)}` : '';
  switch (a.kind) {
    case 'follower-drop':
    case 'follower-spike': {
      const change = a.beforeValue && a.afterValue !== null ? ` (${formatChange(a.afterValue / a.beforeValue - 1)})` : '';
      const rule = a.threshold !== null && a.days !== null ? ` Rule: ${a.kind === 'follower-drop' ? 'down' : 'up'} ${formatMetric(a.threshold, 'percent')} or more within ${plural(a.days, 'day')}.` : '';
      return `${formatCount(a.beforeValue)} → ${formatCount(a.afterValue)} followers${change}${when}.${rule}`;
    }
    case 'low-engagement':
      return `Engagement rate ${a.beforeValue !== null ? `${formatMetric(a.beforeValue, 'percent')} → ` : ''}${formatMetric(a.afterValue, 'percent')}${when}, below the line of ${formatMetric(a.threshold, 'percent')}.`;
    case 'quality-drop':
      return `Audience quality ${formatCount(a.beforeValue)} → ${formatCount(a.afterValue)}${when} (a fall of ${formatCount(a.threshold)} points or more).`;
    case 'unavailable':
      return `A refresh found the report no longer available${a.detail ? `: ${a.detail}` : '.'}`;
    case 'new-mention': {
      const brands = (a.detail ?? '').split('\n').filter((b) => b.trim() !== '');
      const named = brands.length > 0 ? new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(brands) : 'a brand';
      const fetched = a.afterAt !== null ? ` (fetched ${at(a.afterAt)}${a.beforeAt !== null ? `; not in those fetched ${at(a.beforeAt)}` : ''})` : '';
      return `Newly among its brand mentions: ${named}${fetched}.`;
    }
  }
}

export function AlertsInbox() {
  const navigate = useScout((s) => s.navigate);
  const [showRead, setShowRead] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alerts = useScoutQuery(() => scout.invoke('alerts:list', { unreadOnly: !showRead, limit: 200 }), [showRead], { keepPrevious: true, refreshOn: ['alerts:changed'] });
  const list = alerts.data ?? null;

  // Mark read, mute: whichever way it went, the inbox is read again.
  const acting = useScoutMutation((work: () => Promise<unknown>) => work(), { onError: (words) => setProblem(words) });
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    await acting.run(work);
    void alerts.refresh();
  };

  const unread = list?.filter((a) => !a.read).length ?? 0;
  return (
    <section className="alerts-inbox" aria-labelledby="alerts-title" data-testid="alerts-inbox">
      <div className="page-head">
        <h2 id="alerts-title">Alerts{unread > 0 ? ` (${formatCount(unread)} new)` : ''}</h2>
        <div className="alerts-actions">
          <label className="check">
            <input type="checkbox" checked={showRead} onChange={(e) => setShowRead(e.target.checked)} /> Show read ones too
          </label>
          {unread > 0 && (
            <button type="button" onClick={() => void act(() => scout.invoke('alerts:markRead', {}))}>
              Mark all read
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="feedback error">
          {problem}
        </p>
      )}
      {alerts.error ? (
        <ErrorState title="The alerts could not be read.">{alerts.error}</ErrorState>
      ) : list === null ? (
        <p className="muted">Reading the alerts…</p>
      ) : list.length === 0 ? (
        <EmptyState title={showRead ? 'No alerts yet.' : 'No new alerts.'} testId="alerts-empty">
          A watchlist&apos;s refresh raises one when an account moves past a line of its rules.
        </EmptyState>
      ) : (
        <ul className="alerts-list">
          {list.map((a) => {
            const who = `${a.title ?? accountHandle(a.network, a.accountKey)} (${networkLabels[a.network as Network]})`;
            return (
              <li key={a.id} data-testid={`alert-${a.kind}-${a.network}-${a.accountKey}`} data-read={a.read ? 'true' : 'false'} className={a.read ? 'read' : undefined}>
                <p className="alert-what">
                  <strong>{alertKindLabels[a.kind]}</strong>: {who}
                  <span className="muted">
                    {' '}
                    · {formatDateTime(a.raisedAt)}
                    {a.watchlistName ? ` · ${a.watchlistName}` : ''}
                  </span>
                </p>
                <p className="alert-evidence">{alertEvidence(a)}</p>
                <p className="alert-buttons">
                  <button type="button" className="link" onClick={() => navigate('accounts', [a.network, a.account])}>
                    {a.kind === 'new-mention' ? 'Open the report (its Brand mentions tab lists the brands)' : 'Open the report (followers across every snapshot)'}
                  </button>
                  {!a.read && (
                    <button type="button" onClick={() => void act(() => scout.invoke('alerts:markRead', { ids: [a.id] }))} aria-label={`Mark read: ${alertKindLabels[a.kind]}, ${who}`}>
                      Mark read
                    </button>
                  )}
                  <button type="button" onClick={() => void act(() => scout.invoke('alerts:mute', { id: a.id }))} aria-label={`Mute “${alertKindLabels[a.kind]}” for ${who}`}>
                    Mute for this account
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
