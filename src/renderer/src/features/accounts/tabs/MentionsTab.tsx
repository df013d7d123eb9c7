// The Brand mentions tab: who mentions the account (TikTok per period, YouTube in all). Free to refresh.
import { useState } from 'react';
import { formatCount } from '@shared/format';
import { formatMetric } from '@shared/reportModel/reportModel';
import { useDocument } from './useDocument';
import { DocumentStatus, free } from './DocumentStatus';
import { OutLink } from './OutLink';
import { pickPeriod } from './companion';

export function MentionsTab({ network, account }: { network: 'tiktok' | 'youtube'; account: string }) {
  const state = useDocument('mentions:get', { network, account });
  const { doc } = state;
  const [picked, setPicked] = useState<{ key: string; period: string } | null>(null);
  const view = doc?.view ?? null;
  // TikTok answers per period; offer only the periods this answer carries.
  const byPeriod = view?.network === 'tiktok' ? view.periods : [];
  const periods = byPeriod.map((p) => p.period);
  const period = pickPeriod(periods, picked?.key === state.key ? picked.period : null, '90d');
  const [refused, setRefused] = useState<string | null>(null);
  let rows: { name: string; detail: string; url: string | null }[] = [];
  if (view?.network === 'tiktok') {
    rows = (byPeriod.find((p) => p.period === period)?.brands ?? []).map((b) => ({
      name: b.name,
      url: b.url,
      detail: `${formatMetric(b.posts, 'count')} posts · ${formatMetric(b.views, 'count')} views · ER ${formatMetric(b.er, 'percent')}`,
    }));
  } else if (view?.network === 'youtube') {
    rows = view.brands.map((b) => ({
      name: b.name,
      url: b.url,
      detail: `${formatCount(b.viewsTotal)} views · ${formatCount(b.links)} links`,
    }));
  }
  return (
    <div data-testid="mentions-tab">
      <DocumentStatus state={state} what="brand mentions" hint="Asks the API for the brand mentions again. Free: brand mentions cost no credits." note={free} />
      {network === 'tiktok' && doc && periods.length > 0 && (
        <select aria-label="Mentions period" value={period} onChange={(e) => setPicked({ key: state.key, period: e.target.value })}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
      {refused && <p className="feedback error" role="alert">{refused}</p>}
      {doc && rows.length === 0 && <p className="muted">No brand mentions {network === 'tiktok' ? 'in this period' : 'found'}.</p>}
      <ul className="mentions">
        {rows.map((r) => (
          <li key={r.name} data-testid="mention">
            {r.url ? (
              <OutLink url={r.url} label={`${r.name} on ${network === 'tiktok' ? 'TikTok' : 'YouTube'}`} onRefused={setRefused}>
                <strong>{r.name}</strong> ↗
              </OutLink>
            ) : (
              <strong>{r.name}</strong>
            )}{' '}
            <span className="muted">{r.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
