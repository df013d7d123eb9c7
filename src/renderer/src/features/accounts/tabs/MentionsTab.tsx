// The Brand mentions tab: who mentions the account (TikTok per period, YouTube in all). Free to refresh.
import { useState } from 'react';
import { formatCount } from '../../../shared/format';
import { accountUrl } from '@shared/networkLinks';
import { formatMetric } from '../reportModel';
import { useDocument } from './useDocument';
import { DocumentStatus, free } from './DocumentStatus';
import { OutLink } from './OutLink';
import { obj, arr, num, str, carriedPeriods, pickPeriod } from './companion';

export function MentionsTab({ network, account }: { network: 'tiktok' | 'youtube'; account: string }) {
  const state = useDocument('mentions:get', { network, account });
  const { doc } = state;
  const [picked, setPicked] = useState<{ key: string; period: string } | null>(null);
  // TikTok answers per period; offer only the periods this answer carries.
  const performance = obj(obj(doc?.result.mentions).performance);
  const periods = carriedPeriods(performance);
  const period = pickPeriod(periods, picked?.key === state.key ? picked.period : null, '90d');
  const [refused, setRefused] = useState<string | null>(null);
  let rows: { name: string; detail: string; url: string | null }[] = [];
  if (doc && network === 'tiktok') {
    const data = obj(obj(performance[period]).data);
    const users = obj(doc.result.users);
    rows = Object.entries(data).map(([channel, v]) => {
      const m = obj(v);
      const user = obj(users[channel]);
      return {
        name: str(user.title) || channel,
        url: accountUrl('tiktok', { username: str(user.username) || channel }),
        detail: `${formatMetric(num(m.mentioned_posts_count), 'count')} posts · ${formatMetric(num(m.mentioned_posts_views), 'count')} views · ER ${formatMetric(num(m.mentioned_posts_er), 'percent')}`,
      };
    });
  } else if (doc) {
    rows = arr(doc.result.mentions).map((v) => {
      const m = obj(v);
      const metrics = obj(m.metrics);
      const basic = obj(m.basic);
      return {
        name: str(basic.title) || str(basic.unique_id),
        url: accountUrl('youtube', { channelId: str(basic.id), username: str(basic.unique_id) }),
        detail: `${formatCount(num(obj(metrics.views_total).value))} views · ${formatCount(num(obj(metrics.links_count).value))} links`,
      };
    });
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
